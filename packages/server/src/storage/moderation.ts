// Moderation's storage (migration 14): roles, reports (with the reported chat lines in context),
// sanctions (mutes and bans, of an account or of a guest's hashed address), hidden chat messages
// and the audit log. Every change is one `ModerationWrite`, turned here into its statements
// ($1-style, SQLite's side converts them): the change and its audit entry in ONE transaction.
import type { ChatChannel } from "../protocol.ts";
import type { ChatRecord } from "./types.ts";

export const ROLES = ["moderator"] as const;
export type Role = (typeof ROLES)[number];

/** Why a player or a message is reported (a fixed list; `other` wants a note). */
export const REPORT_REASONS = ["insult", "spam", "cheating", "name", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export type ReportStatus = "open" | "resolved" | "dismissed";
export type SanctionKind = "mute" | "ban";

/** A chat line as a report keeps it (who wrote it stays on the server). */
export interface ReportedLine {
  id: number;
  channel: ChatChannel;
  seat: number | null;
  name: string | null;
  text: string;
  at: number;
}

export interface ReportRecord {
  id: string;
  reporter: string;
  /** The reported account, or null: a guest's message (then `targetAddress`). */
  target: string | null;
  /** The name shown: the account's, or the guest's as it signed. */
  targetName: string;
  /** A guest writer's hashed address (an address mute), or null. */
  targetAddress: string | null;
  tableId: string | null;
  messageId: number | null;
  reason: ReportReason;
  note: string;
  /** The reported message and the lines around it in its channel, as they were when reported. */
  context: ReportedLine[];
  status: ReportStatus;
  createdAt: number;
  closedAt: number | null;
  closedBy: string | null;
}

export interface SanctionRecord {
  id: string;
  kind: SanctionKind;
  /** The account, or null: a guest's address (`address`, hashed). */
  player: string | null;
  address: string | null;
  reason: string;
  /** Epoch ms it ends, or null: for good. */
  until: number | null;
  createdAt: number;
  createdBy: string;
  liftedAt: number | null;
}

export type AuditAction = "grant" | "revoke" | "hide" | "mute" | "ban" | "lift" | "resolve" | "dismiss";

export interface AuditEntry {
  id: string;
  at: number;
  /** The moderator's account id, or "operator" (the command line). */
  actor: string;
  action: AuditAction;
  /** Whom or what: an account id, "address:<hash>", "table/message", a report id. */
  target: string;
  reason: string;
  /** What else (JSON): a role, a sanction's end, a report's id. */
  details: Record<string, unknown>;
}

export type ModerationWrite =
  | { op: "role"; player: string; role: Role; granted: boolean; audit: AuditEntry }
  | { op: "report"; report: ReportRecord }
  | { op: "close-report"; id: string; status: Exclude<ReportStatus, "open">; at: number; by: string; audit: AuditEntry }
  | { op: "hide"; tableId: string; messageId: number; audit: AuditEntry }
  /** A ban ends every session of the account in the same transaction. */
  | { op: "sanction"; sanction: SanctionRecord; audit: AuditEntry }
  | { op: "lift"; id: string; at: number; audit: AuditEntry };

export interface Statement {
  text: string;
  values: unknown[];
}

const audit = (a: AuditEntry): Statement => ({
  text: "INSERT INTO moderation_log (id, at, actor, action, target, reason, details) VALUES ($1, $2, $3, $4, $5, $6, $7)",
  values: [a.id, a.at, a.actor, a.action, a.target, a.reason, JSON.stringify(a.details)],
});

/** A moderation change as the statements of its transaction. */
export function moderationStatements(w: ModerationWrite): Statement[] {
  switch (w.op) {
    case "role":
      return [
        w.granted
          ? { text: "INSERT INTO player_roles (player_id, role, granted_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", values: [w.player, w.role, w.audit.at] }
          : { text: "DELETE FROM player_roles WHERE player_id = $1 AND role = $2", values: [w.player, w.role] },
        audit(w.audit),
      ];
    case "report": {
      const r = w.report;
      return [
        {
          text: `INSERT INTO reports (id, reporter_id, target_id, target_name, target_address, table_id, message_id, reason, note, context, status, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          values: [r.id, r.reporter, r.target, r.targetName, r.targetAddress, r.tableId, r.messageId, r.reason, r.note, JSON.stringify(r.context), r.status, r.createdAt],
        },
      ];
    }
    case "close-report":
      return [{ text: "UPDATE reports SET status = $1, closed_at = $2, closed_by = $3 WHERE id = $4", values: [w.status, w.at, w.by, w.id] }, audit(w.audit)];
    case "hide":
      return [{ text: "UPDATE chat SET hidden = 1 WHERE table_id = $1 AND id = $2", values: [w.tableId, w.messageId] }, audit(w.audit)];
    case "sanction": {
      const s = w.sanction;
      return [
        {
          text: "INSERT INTO sanctions (id, kind, player_id, address_hash, reason, until, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
          values: [s.id, s.kind, s.player, s.address, s.reason, s.until, s.createdAt, s.createdBy],
        },
        ...(s.kind === "ban" && s.player !== null ? [{ text: "DELETE FROM sessions WHERE player_id = $1", values: [s.player] }] : []),
        audit(w.audit),
      ];
    }
    case "lift":
      return [{ text: "UPDATE sanctions SET lifted_at = $1 WHERE id = $2 AND lifted_at IS NULL", values: [w.at, w.id] }, audit(w.audit)];
  }
}

// ------------------------------------------------------------ reads (both dialects)

export const ROLES_OF = "SELECT role FROM player_roles WHERE player_id = $1 ORDER BY role";
/** Sanctions not lifted that have not ended at $1 (for good, or ending later). */
export const ACTIVE_SANCTIONS = "SELECT * FROM sanctions WHERE lifted_at IS NULL AND (until IS NULL OR until > $1) ORDER BY created_at, id";
export const SANCTION_BY_ID = "SELECT * FROM sanctions WHERE id = $1";
export const REPORTS_BY_STATUS = "SELECT * FROM reports WHERE status = $1 ORDER BY created_at, id LIMIT $2";
export const REPORT_BY_ID = "SELECT * FROM reports WHERE id = $1";
export const REPORTS_BY = "SELECT * FROM reports WHERE reporter_id = $1 ORDER BY created_at DESC, id LIMIT $2";
export const REPORTED_BY = "SELECT id FROM reports WHERE reporter_id = $1 AND table_id = $2 AND message_id = $3";
export const AUDIT_LOG = "SELECT * FROM moderation_log ORDER BY seq DESC LIMIT $1";
export const CHAT_MESSAGE = "SELECT * FROM chat WHERE table_id = $1 AND id = $2";
/** The lines of one channel before (id below $3, newest first) and after (id above $6, oldest first) a message. */
export const CHAT_BEFORE = "SELECT * FROM chat WHERE table_id = $1 AND channel = $2 AND id < $3 ORDER BY id DESC LIMIT $4";
export const CHAT_AFTER = "SELECT * FROM chat WHERE table_id = $1 AND channel = $2 AND id > $3 ORDER BY id LIMIT $4";
export const SETTING = "SELECT value FROM settings WHERE name = $1";

export interface ReportRow {
  id: string;
  reporter_id: string;
  target_id: string | null;
  target_name: string;
  target_address: string | null;
  table_id: string | null;
  message_id: number | null;
  reason: string;
  note: string;
  context: string;
  status: string;
  created_at: number | string;
  closed_at: number | string | null;
  closed_by: string | null;
}

export function fromReportRow(r: ReportRow): ReportRecord {
  return {
    id: r.id,
    reporter: r.reporter_id,
    target: r.target_id,
    targetName: r.target_name,
    targetAddress: r.target_address,
    tableId: r.table_id,
    messageId: r.message_id === null ? null : Number(r.message_id),
    reason: r.reason as ReportReason,
    note: r.note,
    context: JSON.parse(r.context) as ReportedLine[],
    status: r.status as ReportStatus,
    createdAt: Number(r.created_at),
    closedAt: r.closed_at === null ? null : Number(r.closed_at),
    closedBy: r.closed_by,
  };
}

export interface SanctionRow {
  id: string;
  kind: string;
  player_id: string | null;
  address_hash: string | null;
  reason: string;
  until: number | string | null;
  created_at: number | string;
  created_by: string;
  lifted_at: number | string | null;
}

export function fromSanctionRow(r: SanctionRow): SanctionRecord {
  return {
    id: r.id,
    kind: r.kind as SanctionKind,
    player: r.player_id,
    address: r.address_hash,
    reason: r.reason,
    until: r.until === null ? null : Number(r.until),
    createdAt: Number(r.created_at),
    createdBy: r.created_by,
    liftedAt: r.lifted_at === null ? null : Number(r.lifted_at),
  };
}

export interface AuditRow {
  id: string;
  at: number | string;
  actor: string;
  action: string;
  target: string;
  reason: string;
  details: string;
}

export function fromAuditRow(r: AuditRow): AuditEntry {
  return { id: r.id, at: Number(r.at), actor: r.actor, action: r.action as AuditAction, target: r.target, reason: r.reason, details: JSON.parse(r.details) as Record<string, unknown> };
}

/** A stored chat row with what only the server knows: who wrote it, and whether it is hidden. */
export interface FullChatRow {
  id: number;
  channel: string;
  seat: number | null;
  name: string | null;
  text: string;
  at: number | string;
  author: string | null;
  address_hash: string | null;
  hidden: number | boolean;
}

export function fromFullChatRow(r: FullChatRow): ChatRecord {
  return {
    id: Number(r.id),
    channel: r.channel as ChatChannel,
    seat: r.seat,
    name: r.name,
    text: r.text,
    at: Number(r.at),
    // Absent when unknown (a guest's author, an account's address, rows before migration 14).
    ...(r.author !== null ? { author: r.author } : {}),
    ...(r.address_hash !== null ? { addressHash: r.address_hash } : {}),
    ...(r.hidden === 1 || r.hidden === true ? { hidden: true } : {}),
  };
}

/** What the moderation reads, both dialects alike (storage/sqlite.ts and postgres.ts run the SQL above). */
export interface ModerationReads {
  playerRoles(playerId: string): Promise<Role[]>;
  activeSanctions(now: number): Promise<SanctionRecord[]>;
  sanction(id: string): Promise<SanctionRecord | null>;
  reports(status: ReportStatus, limit: number): Promise<ReportRecord[]>;
  report(id: string): Promise<ReportRecord | null>;
  /** The report `reporter` made of that message, if any. */
  reportedBy(reporter: string, tableId: string, messageId: number): Promise<string | null>;
  /** The reports an account made, newest first (its data export). */
  reportsBy(reporter: string, limit: number): Promise<ReportRecord[]>;
  auditLog(limit: number): Promise<AuditEntry[]>;
  /** A stored chat message (hidden or not) and up to `span` lines of its channel before and after it, in order. */
  chatAround(tableId: string, messageId: number, span: number): Promise<{ message: ChatRecord; before: ChatRecord[]; after: ChatRecord[] } | null>;
  /** The installation's secret key for hashing guests' addresses (drawn by migration 14). */
  addressKey(): Promise<string>;
}

/** Runs the reads above on any SQL runner: `all(sql, params)` answers the rows. */
export function moderationReads(all: <T>(sql: string, params: unknown[]) => Promise<T[]>): ModerationReads {
  const one = async <T>(sql: string, params: unknown[]): Promise<T | null> => (await all<T>(sql, params))[0] ?? null;
  return {
    playerRoles: async (playerId) => (await all<{ role: string }>(ROLES_OF, [playerId])).map((r) => r.role as Role),
    activeSanctions: async (now) => (await all<SanctionRow>(ACTIVE_SANCTIONS, [now])).map(fromSanctionRow),
    sanction: async (id) => {
      const row = await one<SanctionRow>(SANCTION_BY_ID, [id]);
      return row ? fromSanctionRow(row) : null;
    },
    reports: async (status, limit) => (await all<ReportRow>(REPORTS_BY_STATUS, [status, limit])).map(fromReportRow),
    report: async (id) => {
      const row = await one<ReportRow>(REPORT_BY_ID, [id]);
      return row ? fromReportRow(row) : null;
    },
    reportsBy: async (reporter, limit) => (await all<ReportRow>(REPORTS_BY, [reporter, limit])).map(fromReportRow),
    reportedBy: async (reporter, tableId, messageId) => (await one<{ id: string }>(REPORTED_BY, [reporter, tableId, messageId]))?.id ?? null,
    auditLog: async (limit) => (await all<AuditRow>(AUDIT_LOG, [limit])).map(fromAuditRow),
    chatAround: async (tableId, messageId, span) => {
      const row = await one<FullChatRow>(CHAT_MESSAGE, [tableId, messageId]);
      if (!row) return null;
      const message = fromFullChatRow(row);
      const before = (await all<FullChatRow>(CHAT_BEFORE, [tableId, message.channel, messageId, span])).map(fromFullChatRow).reverse();
      const after = (await all<FullChatRow>(CHAT_AFTER, [tableId, message.channel, messageId, span])).map(fromFullChatRow);
      return { message, before, after };
    },
    addressKey: async () => {
      const row = await one<{ value: string }>(SETTING, ["address-key"]);
      if (!row) throw new Error("the address key is missing (migration 14)");
      return row.value;
    },
  };
}

export const MIGRATION_14 = {
  version: 14,
  description: "moderation: roles, reports, sanctions, hidden chat messages and who wrote them, the audit log",
  sqlite: `
    CREATE TABLE player_roles (player_id TEXT NOT NULL REFERENCES players(id), role TEXT NOT NULL, granted_at INTEGER NOT NULL, PRIMARY KEY (player_id, role));
    CREATE TABLE reports (
      id TEXT PRIMARY KEY, reporter_id TEXT NOT NULL REFERENCES players(id), target_id TEXT REFERENCES players(id), target_name TEXT NOT NULL,
      target_address TEXT, table_id TEXT REFERENCES tables(id), message_id INTEGER, reason TEXT NOT NULL, note TEXT NOT NULL,
      context TEXT NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL, closed_at INTEGER, closed_by TEXT);
    CREATE UNIQUE INDEX reports_once ON reports(reporter_id, table_id, message_id) WHERE message_id IS NOT NULL;
    CREATE INDEX reports_status ON reports(status, created_at);
    CREATE TABLE sanctions (
      id TEXT PRIMARY KEY, kind TEXT NOT NULL, player_id TEXT REFERENCES players(id), address_hash TEXT, reason TEXT NOT NULL,
      until INTEGER, created_at INTEGER NOT NULL, created_by TEXT NOT NULL, lifted_at INTEGER);
    CREATE INDEX sanctions_live ON sanctions(lifted_at, until);
    CREATE TABLE moderation_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, at INTEGER NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL, reason TEXT NOT NULL, details TEXT NOT NULL);
    CREATE INDEX moderation_log_at ON moderation_log(at);
    ALTER TABLE chat ADD COLUMN author TEXT;
    ALTER TABLE chat ADD COLUMN address_hash TEXT;
    ALTER TABLE chat ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO settings (name, value) VALUES ('address-key', lower(hex(randomblob(32))));`,
  postgres: `
    CREATE TABLE player_roles (player_id TEXT NOT NULL REFERENCES players(id), role TEXT NOT NULL, granted_at BIGINT NOT NULL, PRIMARY KEY (player_id, role));
    CREATE TABLE reports (
      id TEXT PRIMARY KEY, reporter_id TEXT NOT NULL REFERENCES players(id), target_id TEXT REFERENCES players(id), target_name TEXT NOT NULL,
      target_address TEXT, table_id TEXT REFERENCES tables(id), message_id INTEGER, reason TEXT NOT NULL, note TEXT NOT NULL,
      context TEXT NOT NULL, status TEXT NOT NULL, created_at BIGINT NOT NULL, closed_at BIGINT, closed_by TEXT);
    CREATE UNIQUE INDEX reports_once ON reports(reporter_id, table_id, message_id) WHERE message_id IS NOT NULL;
    CREATE INDEX reports_status ON reports(status, created_at);
    CREATE TABLE sanctions (
      id TEXT PRIMARY KEY, kind TEXT NOT NULL, player_id TEXT REFERENCES players(id), address_hash TEXT, reason TEXT NOT NULL,
      until BIGINT, created_at BIGINT NOT NULL, created_by TEXT NOT NULL, lifted_at BIGINT);
    CREATE INDEX sanctions_live ON sanctions(lifted_at, until);
    CREATE TABLE moderation_log (seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE, at BIGINT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL, reason TEXT NOT NULL, details TEXT NOT NULL);
    CREATE INDEX moderation_log_at ON moderation_log(at);
    ALTER TABLE chat ADD COLUMN author TEXT;
    ALTER TABLE chat ADD COLUMN address_hash TEXT;
    ALTER TABLE chat ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO settings (name, value) VALUES ('address-key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));`,
};
