// Accounts made before names were compared by skeleton keep an old key (NFC, lower case): the
// start re-keys each to its skeleton once (rekey.ts), so a new look-alike is refused; two old
// accounts on one skeleton are both kept, deterministically, the one left with its old key flagged.
// On SQLite and PostgreSQL.
import { afterAll, describe, expect, it } from "vitest";
import { findAccount, nameKey } from "../src/accounts.ts";
import { nameSkeleton } from "../src/protocol.ts";
import { rekeyAccounts } from "../src/rekey.ts";
import type { PlayerRecord, Storage } from "../src/storage.ts";
import { boot } from "./support/harness.ts";
import { postgresBackend, sqliteBackend, type Backend } from "./support/stores.ts";

/** An account as made before skeletons: its key is `nameKey` (NFC, lower case). */
const old = (id: string, name: string, createdAt: number): PlayerRecord => ({ id, name, nameKey: nameKey(name), passwordHash: "scrypt$1$1$1$c2FsdA$aGFzaA", createdAt });
const session = (playerId: string) => ({ tokenHash: `s-${playerId}`, playerId, createdAt: 1, expiresAt: 2 });

for (const make of [() => sqliteBackend("grimoire-rekey-"), postgresBackend] as (() => Backend)[]) {
  const backend = make();
  describe(`re-keying old accounts: ${backend.name}`, () => {
    let store: Storage | null = null;
    afterAll(async () => {
      await store?.close();
      await backend.cleanup();
    });

    it("each old account takes its skeleton; of two on one skeleton the older takes it, the other keeps its key, flagged; a second run changes nothing", async () => {
      const opened = backend.open();
      store = opened;
      await opened.migrate();
      expect([nameSkeleton("Emma"), nameSkeleton("Ernma"), nameSkeleton("Mia")]).toEqual(["ernrna", "ernrna", "rnia"]);
      // inserted newest first: the order of the rows is not what decides
      await store.insertPlayer(old("p-ernma", "Ernma", 20), session("p-ernma"), []);
      await store.insertPlayer(old("p-emma", "Emma", 10), session("p-emma"), []);
      await store.insertPlayer(old("p-mia", "Mia", 30), session("p-mia"), []);
      await store.insertPlayer(old("p-coco", "coco7", 40), session("p-coco"), []);
      const lines: string[] = [];
      expect(await rekeyAccounts(store, (l) => lines.push(l))).toEqual({ rekeyed: 2, flagged: 1 });
      expect(lines.join("\n")).toContain(`"Ernma" keeps its old key: its skeleton "ernrna" is "Emma"'s`);

      const emma = await store.playerByNameKey("ernrna");
      expect(emma).toMatchObject({ id: "p-emma", name: "Emma" });
      expect(await store.playerByNameKey("emma")).toBeNull();
      expect(await store.playerByNameKey("ernma")).toMatchObject({ id: "p-ernma", nameFlag: "look-alike:p-emma" });
      expect(await store.playerByNameKey("rnia")).toMatchObject({ id: "p-mia" });
      expect(await store.playerByNameKey("coco7")).toMatchObject({ id: "p-coco" });
      expect((await store.playerByNameKey("coco7"))?.nameFlag).toBeUndefined();
      // every one still found by its own name, and the look-alikes the old keys let through are found too
      expect((await findAccount(store, "Emma"))?.id).toBe("p-emma");
      expect((await findAccount(store, "ERNMA"))?.id).toBe("p-ernma");
      expect((await findAccount(store, "Rnia"))?.id).toBe("p-mia");
      expect((await findAccount(store, "Ernrna"))?.id).toBe("p-emma");
      expect(await rekeyAccounts(store)).toEqual({ rekeyed: 0, flagged: 0 });
      await store.close();
      store = null;
    });

    it("at start: a new look-alike of an old account is refused once the server re-keyed it", async () => {
      const server = await boot({ storage: backend.open() });
      try {
        const taken = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Rnia", password: "look-alike-1" }) });
        expect(taken.status).toBe(409);
        expect(((await taken.json()) as { error: { code: string } }).error.code).toBe("name-taken");
      } finally {
        await server.stop();
      }
    });
  });
}
