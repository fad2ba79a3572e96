// The operator's side of roles (`grimoire admin grant NAME moderator`, `revoke`): the storage the
// server would open (DATABASE_URL, else SQLite in DATA_DIR), migrated, the role granted or taken
// back, and the change recorded in the audit log (actor "operator").
import { join } from "node:path";
import { findAccount } from "../accounts.ts";
import { PostgresStorage, SqliteStorage, type Storage } from "../storage.ts";
import { ROLES, type Role } from "../storage/moderation.ts";
import { newModerationId } from "./service.ts";

export type RoleChange = { ok: true; name: string; changed: boolean } | { ok: false; error: "unknown-player" | "unknown-role"; detail: string };

/** Grants (or, `granted` false, revokes) `role` to the account named `name`. */
export async function changeRole(storage: Storage, name: string, role: string, granted: boolean, now = Date.now()): Promise<RoleChange> {
  if (!(ROLES as readonly string[]).includes(role)) return { ok: false, error: "unknown-role", detail: role };
  const player = await findAccount(storage, name.normalize("NFC").trim());
  if (!player) return { ok: false, error: "unknown-player", detail: name };
  const had = (await storage.playerRoles(player.id)).includes(role as Role);
  await storage.moderate({
    op: "role",
    player: player.id,
    role: role as Role,
    granted,
    audit: { id: newModerationId(), at: now, actor: "operator", action: granted ? "grant" : "revoke", target: player.id, reason: "", details: { role } },
  });
  return { ok: true, name: player.name, changed: had !== granted };
}

/** The storage `grimoire start` opens from the same environment (DATABASE_URL, else DATA_DIR or ./data). */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): Storage {
  return env.DATABASE_URL ? new PostgresStorage(env.DATABASE_URL) : SqliteStorage.inDirectory(env.DATA_DIR ?? join(process.cwd(), "data"));
}

/** `grimoire admin grant|revoke`: opens the configured storage, migrates it, changes the role, closes it. */
export async function changeRoleFromEnv(name: string, role: string, granted: boolean, env: NodeJS.ProcessEnv = process.env): Promise<RoleChange> {
  const storage = storageFromEnv(env);
  try {
    await storage.migrate();
    return await changeRole(storage, name, role, granted);
  } finally {
    await storage.close();
  }
}
