// `grimoire admin grant|revoke NAME moderator` as an operator runs it: the real entry point as a
// child process on the SQLite store of DATA_DIR (as `grimoire start` opens it), each change in the
// audit log, unknown names and roles refused with one line and exit code 1, in both languages.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStorage } from "@grimoire/server";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = join(root, "bin/grimoire.js");
const dataDir = mkdtempSync(join(tmpdir(), "grimoire-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function grimoire(args: string[]) {
  const { LC_ALL: _all, LC_MESSAGES: _messages, LANG: _lang, DATABASE_URL: _db, ...env } = process.env;
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", timeout: 120_000, env: { ...env, LANG: "C.UTF-8", DATA_DIR: dataDir } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function withStore<T>(fn: (store: SqliteStorage) => Promise<T>): Promise<T> {
  const store = SqliteStorage.inDirectory(dataDir);
  try {
    await store.migrate();
    return await fn(store);
  } finally {
    await store.close();
  }
}

describe("grimoire admin", () => {
  it("grants and revokes the moderator role on the configured storage, recording each change", async () => {
    await withStore((store) =>
      store.insertPlayer({ id: "p-alice", name: "Alice", nameKey: "alice", passwordHash: "scrypt$1$1$1$s$h", createdAt: 1 }, { tokenHash: "t", playerId: "p-alice", createdAt: 1, expiresAt: 2 }, []),
    );
    const granted = grimoire(["admin", "grant", "alice", "moderator"]);
    expect([granted.code, granted.stderr]).toEqual([0, ""]);
    expect(granted.stdout).toBe("Alice is now moderator; recorded in the audit log.\n");
    expect(await withStore((store) => store.playerRoles("p-alice"))).toEqual(["moderator"]);
    expect(grimoire(["admin", "grant", "Alice", "moderator"]).stdout).toBe("Alice was already moderator; recorded in the audit log.\n");
    const revoked = grimoire(["--lang", "fr", "admin", "revoke", "Alice", "moderator"]);
    expect([revoked.code, revoked.stdout]).toEqual([0, "Alice n’est plus moderator ; inscrit au journal de modération.\n"]);
    expect(await withStore((store) => store.playerRoles("p-alice"))).toEqual([]);
    const log = await withStore((store) => store.auditLog(10));
    expect(log.map((e) => [e.actor, e.action, e.target, e.details])).toEqual([
      ["operator", "revoke", "p-alice", { role: "moderator" }],
      ["operator", "grant", "p-alice", { role: "moderator" }],
      ["operator", "grant", "p-alice", { role: "moderator" }],
    ]);
  }, 120_000);

  it("refuses an unknown account or role with one line and exit code 1, changing nothing", async () => {
    const nobody = grimoire(["admin", "grant", "Nobody", "moderator"]);
    expect([nobody.code, nobody.stderr]).toEqual([1, 'grimoire: no account named "Nobody"\n']);
    const role = grimoire(["--lang", "fr", "admin", "grant", "Alice", "king"]);
    expect([role.code, role.stderr]).toEqual([1, "grimoire: rôle inconnu « king » (rôles : moderator)\n"]);
    expect(await withStore((store) => store.playerRoles("p-alice"))).toEqual([]);
  }, 120_000);
});
