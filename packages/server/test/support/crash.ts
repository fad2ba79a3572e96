// Crash points for the atomicity tests: a child server on a `Place` that SIGKILLs itself just before
// its N-th write (GRIMOIRE_CRASH_AT_WRITE), then a fresh in-process server on the same data.
import { expect } from "vitest";
import type { BotRunner } from "../../src/bots.ts";
import type { ServerOut } from "../../src/index.ts";
import type { ChildServer } from "./children.ts";
import { boot, Client, type TestServer } from "./harness.ts";
import type { Place } from "./stores.ts";

/** Humans only: no bot workers to start in either process. */
export const noBots: BotRunner = { decide: () => Promise.reject(new Error("no bots here")), close: async () => {} };

/** Each seat's first legal action, for `Client.playUntilOver`. */
export const firstLegal = ({ legal }: Extract<ServerOut, { type: "sync" | "update" }>): unknown => (legal && legal.length > 0 ? legal[0]!.action : undefined);

/**
 * Connects each token's seat at the table and waits for its first sync. `dying`: the server may be
 * killed at any moment, so socket errors are ignored and a sync not come in 5 s fails at once.
 */
export async function connectSeats(server: { port: number }, tableId: string | null, tokens: readonly string[], dying = false): Promise<Client[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const c = await Client.open(server);
      if (dying) c.ws.on("error", () => {});
      c.send({ type: "hello", tableId, token });
      if (dying) await c.waitFor("sync", () => true, 0, 5000);
      else await c.waitFor("sync");
      return c;
    }),
  );
}

/**
 * For n = 1, 2, … up to `most`: a child server on a fresh place, which kills itself before its n-th
 * write, runs `sequence` (what it acknowledged: `acked`); then `check` looks at what a fresh server
 * on the same data finds. Ends once a sequence `ranWhole` without reaching write n (that child is
 * killed too, and checked alike). `crashes`: how many children died at a write.
 */
export async function everyCrashPoint<T>(
  spawnServer: (env: NodeJS.ProcessEnv) => Promise<ChildServer>,
  makePlace: () => Place,
  most: number,
  sequence: (url: string, port: number, died: () => boolean) => Promise<T>,
  ranWhole: (acked: T) => boolean,
  check: (server: TestServer, acked: T, n: number) => Promise<void>,
): Promise<{ completed: boolean; crashes: number }> {
  let completed = false;
  let crashes = 0;
  for (let n = 1; n <= most && !completed; n++) {
    const place = makePlace();
    const { acked, child, exited, dead } = await runToCrash(spawnServer, place, n, sequence);
    if (!dead() && ranWhole(acked)) {
      // The whole sequence ran without reaching write n: every crash point has been tried.
      completed = true;
      child.kill("SIGKILL");
    }
    await exited;
    expect(child.signalCode, `crash at write ${n}`).toBe("SIGKILL");
    if (!completed) crashes++;
    // Restart on the same data.
    const server = await restart(place);
    try {
      await check(server, acked, n);
    } finally {
      await server.close();
      await place.cleanup();
    }
  }
  return { completed, crashes };
}

/** Runs `sequence` against a child server on `place` that kills itself before its `n`-th write. */
async function runToCrash<T>(
  spawnServer: (env: NodeJS.ProcessEnv) => Promise<ChildServer>,
  place: Place,
  n: number,
  sequence: (url: string, port: number, died: () => boolean) => Promise<T>,
): Promise<{ acked: T; child: ChildServer["child"]; exited: Promise<void>; dead(): boolean }> {
  const { child, port, exited } = await spawnServer({ ...place.env, GRIMOIRE_CRASH_AT_WRITE: String(n), BOT_WORKERS: "0" });
  let dead = false;
  void exited.then(() => (dead = true));
  const acked = await sequence(`http://127.0.0.1:${port}`, port, () => dead);
  return { acked, child, exited, dead: () => dead };
}

/** A fresh server (no bots) on the data the crashed child left. */
function restart(place: Place): Promise<TestServer> {
  const storage = place.open();
  return boot({ ...(storage ? { storage } : {}), bots: noBots }, place.dataDir);
}
