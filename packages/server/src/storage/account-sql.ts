// Accounts' own data (migration 12): the statements of each `AccountChange` and the reads of the
// sessions list, known devices, recovery codes and an account's chat, in `$1` style for both
// dialects. Each `$n` appears once and in order, so SQLite's `?` conversion (`sqlite()`) keeps
// the parameters as they are.
import type { ChatChannel } from "../protocol.ts";
import type { AccountChange, PlayerChat, SeatToken, SessionInfo, SessionRecord } from "./types.ts";

export interface AccountStatement {
  sql: string;
  params: readonly unknown[];
}

const USER_AGENT_MAX = 200;

/** A new session's statements: the account's expired sessions go, the new one is written. */
export function openSessionStatements(session: SessionRecord): AccountStatement[] {
  return [
    { sql: "DELETE FROM sessions WHERE player_id = $1 AND expires_at <= $2", params: [session.playerId, session.createdAt] },
    {
      sql: "INSERT INTO sessions (token_hash, player_id, created_at, expires_at, last_seen_at, user_agent) VALUES ($1, $2, $3, $4, $5, $6)",
      params: [session.tokenHash, session.playerId, session.createdAt, session.expiresAt, session.createdAt, session.userAgent?.slice(0, USER_AGENT_MAX) ?? null],
    },
  ];
}

export function accountStatements(change: AccountChange): AccountStatement[] {
  switch (change.kind) {
    case "end-sessions": {
      const { playerId } = change;
      return [
        ...(change.spend === undefined
          ? []
          : [
              // (code_hash, used = 1) is a primary key: a second spending fails the whole change.
              { sql: "INSERT INTO recovery_codes (code_hash, used, player_id, at) VALUES ($1, 1, $2, $3)", params: [change.spend, playerId, change.at] },
              { sql: "DELETE FROM recovery_codes WHERE code_hash = $1 AND used = 0 AND player_id = $2", params: [change.spend, playerId] },
            ]),
        ...(change.passwordHash === undefined ? [] : [{ sql: "UPDATE players SET password_hash = $1 WHERE id = $2", params: [change.passwordHash, playerId] }]),
        ...(change.only === undefined
          ? [{ sql: "DELETE FROM sessions WHERE player_id = $1", params: [playerId] }]
          : change.only.map((hash) => ({ sql: "DELETE FROM sessions WHERE player_id = $1 AND token_hash = $2", params: [playerId, hash] }))),
        ...seatTokenStatements(playerId, change.seatTokens),
        ...(change.open ? openSessionStatements(change.open) : []),
      ];
    }
    case "touch-session":
      return [{ sql: "UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2", params: [change.at, change.tokenHash] }];
    case "device":
      return [{ sql: "INSERT INTO devices (token_hash, player_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", params: [change.tokenHash, change.playerId, change.at] }];
    case "recovery-codes":
      return [
        { sql: "DELETE FROM recovery_codes WHERE player_id = $1", params: [change.playerId] },
        ...change.hashes.map((hash) => ({ sql: "INSERT INTO recovery_codes (code_hash, used, player_id, at) VALUES ($1, 0, $2, $3)", params: [hash, change.playerId, change.at] })),
      ];
    case "delete": {
      const id = change.playerId;
      return [
        { sql: "DELETE FROM sessions WHERE player_id = $1", params: [id] },
        { sql: "DELETE FROM devices WHERE player_id = $1", params: [id] },
        { sql: "DELETE FROM recovery_codes WHERE player_id = $1", params: [id] },
        { sql: `DELETE FROM chat WHERE ${CHAT_OF}`, params: [id, id, id] },
        ...change.tables.map((t) => ({ sql: "UPDATE tables SET seats = $1 WHERE id = $2", params: [JSON.stringify(t.seats), t.id] })),
        // seats at tables not over: their tokens replaced by ones nobody knows, before the links go
        ...seatTokenStatements(id, change.seatTokens),
        { sql: "DELETE FROM player_seats WHERE player_id = $1", params: [id] },
        { sql: "DELETE FROM ratings WHERE player_key = $1", params: [id] },
        { sql: "DELETE FROM rating_history WHERE player_key = $1", params: [id] },
        { sql: "UPDATE tables SET creator_player = NULL WHERE creator_player = $1", params: [id] },
        // Friends (migration 13): its follows and blocks both ways, and its invitations, go with it.
        { sql: "DELETE FROM follows WHERE follower = $1 OR followee = $2", params: [id, id] },
        { sql: "DELETE FROM blocks WHERE blocker = $1 OR blocked = $2", params: [id, id] },
        { sql: "DELETE FROM invitations WHERE from_player = $1 OR to_player = $2", params: [id, id] },
        { sql: "UPDATE players SET password_hash = '', deleted_at = $1 WHERE id = $2", params: [change.at, id] },
      ];
    }
    case "purge-deleted":
      // The tombstone stays (reports, sanctions and the moderation log may name it) but lets the name
      // go: a key no name can have, and the placeholder name.
      return [{ sql: "UPDATE players SET name = 'deleted player', name_key = 'deleted:' || id WHERE deleted_at IS NOT NULL AND deleted_at <= $1 AND name_key NOT LIKE 'deleted:%'", params: [change.before] }];
    case "rekey":
      return [{ sql: "UPDATE players SET name_key = COALESCE($1, name_key), name_flag = $2, rekeyed = 1 WHERE id = $3", params: [change.key, change.flag, change.playerId] }];
  }
}

function seatTokenStatements(playerId: string, tokens: readonly SeatToken[]): AccountStatement[] {
  return tokens.map((t) => ({ sql: "UPDATE player_seats SET token = $1 WHERE table_id = $2 AND seat = $3 AND player_id = $4", params: [t.token, t.tableId, t.seat, playerId] }));
}

/**
 * The chat messages an account wrote: from a seat it held ($1: its id), or as a spectator under
 * its name ($2: its id again; guests cannot take an account's name, `refuseAccountName`).
 */
// Three parameters, the account's id each (SQLite numbers them by position): its messages by author
// (migration 14), else by its seats, else a spectator's under its name.
const CHAT_OF = `(author = $1 OR (seat IS NOT NULL AND EXISTS (SELECT 1 FROM player_seats ps WHERE ps.player_id = $2 AND ps.table_id = chat.table_id AND ps.seat = chat.seat))
  OR (seat IS NULL AND name = (SELECT p.name FROM players p WHERE p.id = $3)))`;

export const PLAYER_CHAT = `SELECT table_id, id, channel, seat, name, text, at FROM chat WHERE ${CHAT_OF} ORDER BY at, table_id, id`;
export const PLAYER_SESSIONS = `SELECT token_hash, created_at, COALESCE(last_seen_at, created_at) AS last_seen_at, expires_at, user_agent
  FROM sessions WHERE player_id = $1 AND expires_at > $2 ORDER BY created_at DESC, token_hash`;
export const KNOWN_DEVICE = "SELECT 1 AS one FROM devices WHERE player_id = $1 AND token_hash = $2";
export const RECOVERY_CODES = `SELECT SUM(CASE WHEN used = 0 THEN 1 ELSE 0 END) AS unused, SUM(CASE WHEN used = 1 THEN 1 ELSE 0 END) AS used,
  MIN(at) AS created FROM recovery_codes WHERE player_id = $1`;
export const RECOVERY_CODE_UNUSED = "SELECT 1 AS one FROM recovery_codes WHERE player_id = $1 AND code_hash = $2 AND used = 0";
export const PLAYERS_TO_REKEY = "SELECT * FROM players WHERE rekeyed = 0 ORDER BY created_at, id LIMIT $1";

export interface SessionRow {
  token_hash: string;
  created_at: number | string;
  last_seen_at: number | string;
  expires_at: number | string;
  user_agent: string | null;
}

export function fromSessionRow(row: SessionRow): SessionInfo {
  return { tokenHash: row.token_hash, createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at), expiresAt: Number(row.expires_at), userAgent: row.user_agent };
}

export interface PlayerChatRow {
  table_id: string;
  id: number | string;
  channel: string;
  seat: number | null;
  name: string | null;
  text: string;
  at: number | string;
}

export function fromPlayerChatRow(row: PlayerChatRow): PlayerChat {
  return { tableId: row.table_id, id: Number(row.id), channel: row.channel as ChatChannel, seat: row.seat, name: row.name, text: row.text, at: Number(row.at) };
}

export interface RecoveryRow {
  unused: number | string | null;
  used: number | string | null;
  created: number | string | null;
}

export function fromRecoveryRow(row: RecoveryRow | undefined): { unused: number; used: number; createdAt: number | null } {
  return { unused: Number(row?.unused ?? 0), used: Number(row?.used ?? 0), createdAt: row?.created === null || row?.created === undefined ? null : Number(row.created) };
}
