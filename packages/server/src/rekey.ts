// Accounts made before names were compared by skeleton (issue 24) kept their old `name_key` (NFC,
// lower case). At start, each account not yet checked (`rekeyed = 0`, migration 12) gets its
// skeleton as key, so a new look-alike of it is refused like any other. Two old accounts on one
// skeleton are both kept: oldest first (created, then id), an account takes the skeleton unless
// another account already holds it; the one that cannot keeps its old key (it is still found by
// its exact name, ignoring case) and is flagged `look-alike:<id of the holder>`, logged for the
// operator. Each account is checked once; new accounts are checked at the next start (their key
// already is their skeleton).
import { nameSkeleton } from "./protocol.ts";
import type { Storage } from "./storage.ts";

const BATCH = 500;

export async function rekeyAccounts(storage: Storage, log: (line: string) => void = () => {}): Promise<{ rekeyed: number; flagged: number }> {
  let rekeyed = 0;
  let flagged = 0;
  for (;;) {
    const batch = await storage.playersToRekey(BATCH);
    if (batch.length === 0) break;
    for (const player of batch) {
      const skeleton = nameSkeleton(player.name);
      if (player.nameKey === skeleton) {
        await storage.changeAccount({ kind: "rekey", playerId: player.id, key: null, flag: null });
        continue;
      }
      const holder = await storage.playerByNameKey(skeleton);
      if (holder && holder.id !== player.id) {
        await storage.changeAccount({ kind: "rekey", playerId: player.id, key: null, flag: `look-alike:${holder.id}` });
        log(`accounts: "${player.name}" keeps its old key: its skeleton "${skeleton}" is "${holder.name}"'s (flagged look-alike)`);
        flagged++;
      } else {
        await storage.changeAccount({ kind: "rekey", playerId: player.id, key: skeleton, flag: null });
        rekeyed++;
      }
    }
  }
  if (rekeyed + flagged > 0) log(`accounts: ${rekeyed} re-keyed to their skeleton, ${flagged} flagged`);
  return { rekeyed, flagged };
}
