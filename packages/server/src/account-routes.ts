// The account's own routes (issues 24 and 27): its sessions (list, end one, log out everywhere),
// recovery codes (made at sign-up, regenerated, spent to set a new password), "your data" (one
// JSON file of everything held about the account, `EXPORT_SECTIONS`) and deleting the account.
// Every POST here is cookie-authenticated and passes the server's Origin check (security.ts).
import { createHash, randomInt } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { findAccount, hashPassword, parsePassword, SESSION_COOKIE, verifyPassword } from "./accounts.ts";
import { HubError } from "./hub.ts";
import type { AccountContext } from "./players.ts";
import type { MeResponse } from "./protocol.ts";
import { nameSkeleton } from "./protocol.ts";
import { RecoveryCodeSpentError, type PlayerRecord, type SessionInfo, type Storage, type TableRecord } from "./storage.ts";
import { sha256 } from "./tables/types.ts";

/** How many recovery codes an account gets at once. */
export const RECOVERY_CODES = 10;
/** Crockford's base 32 (no I, L, O, U): 16 characters are 80 random bits. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** The name a deleted account's seats take in the matches kept. */
export const DELETED_NAME = "deleted player";
const MAX_ROWS = 100_000;

/** `XXXX-XXXX-XXXX-XXXX`, 80 random bits. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/** A typed code as stored: upper case, without spaces or dashes, the look-alikes of base 32 mapped. */
export function recoveryCodeHash(raw: string): string {
  const code = raw.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  // A fast hash is enough: 80 random bits cannot be guessed, and scrypt here would hand an
  // attacker the CPU the FairLimiter keeps for passwords (docs/security.md, "Recovery codes").
  return createHash("sha256").update(`grimoire-recovery:${code}`).digest("hex");
}

/** New recovery codes for the account (the old ones end), to show once. */
export async function newRecoveryCodes(ctx: Pick<AccountContext, "storage" | "clock" | "stored">, player: PlayerRecord): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.stored("storing recovery codes", () => ctx.storage.changeAccount({ kind: "recovery-codes", playerId: player.id, hashes: codes.map(recoveryCodeHash), at: ctx.clock.now() }));
  return codes;
}

/** A session's id in the list: not its hash (which finds the session), a hash of that. */
function sessionId(tokenHash: string): string {
  return sha256(`session:${tokenHash}`).slice(0, 24);
}

/** "Firefox on Linux" from a User-Agent, for the sessions list (the whole string is exported). */
export function userAgentSummary(ua: string | null): string {
  if (!ua) return "?";
  const browser = /Edg\//.test(ua) ? "Edge" : /OPR\/|Opera/.test(ua) ? "Opera" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : /curl\//.test(ua) ? "curl" : /node|undici/i.test(ua) ? "Node.js" : "?";
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad|iOS/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X|Macintosh/.test(ua) ? "macOS" : /CrOS/.test(ua) ? "ChromeOS" : /Linux/.test(ua) ? "Linux" : null;
  return os ? `${browser} · ${os}` : browser;
}

// ------------------------------------------------------------ "your data"

/** What one section of the export gets. */
export interface ExportContext {
  storage: Storage;
  player: PlayerRecord;
  /** The requesting session's hash (its row is marked `current`). */
  session: string;
  now: number;
}

/** One section of "your data": its key in the file and what it holds. Other features add theirs (`addExportSection`). */
export interface ExportSection {
  readonly name: string;
  collect(ctx: ExportContext): Promise<unknown>;
}

const sessionsOf = (ctx: ExportContext): Promise<SessionInfo[]> => ctx.storage.playerSessions(ctx.player.id, ctx.now);

export const EXPORT_SECTIONS: ExportSection[] = [
  { name: "account", collect: async ({ player }) => ({ id: player.id, name: player.name, createdAt: player.createdAt }) },
  {
    name: "sessions",
    collect: async (ctx) =>
      (await sessionsOf(ctx)).map((s) => ({ createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, expiresAt: s.expiresAt, userAgent: s.userAgent, current: s.tokenHash === ctx.session })),
  },
  { name: "recoveryCodes", collect: ({ storage, player }) => storage.recoveryCodes(player.id) },
  {
    name: "seats",
    collect: async ({ storage, player }) =>
      (await storage.playerLiveSeats(player.id, MAX_ROWS)).map(({ link, table }) => ({ table: table.id, game: table.game, status: table.status, seat: link.seat, joinedAt: link.at })),
  },
  {
    name: "matches",
    collect: async ({ storage, player }) =>
      (await storage.playerMatches(player.id, MAX_ROWS, 0)).rows.map(({ link, table, rated }) => ({
        table: table.id,
        game: table.game,
        at: table.createdAt,
        seat: link.seat,
        players: table.seats.map((s) => s.name),
        outcome: table.outcome,
        rated,
      })),
  },
  { name: "ratings", collect: async ({ storage, player }) => (await storage.playerRatings(player.id)).map(({ key: _, ...r }) => r) },
  { name: "ratingHistory", collect: async ({ storage, player }) => (await storage.ratingHistory(player.id, MAX_ROWS)).map(({ key: _, ...h }) => h) },
  { name: "chat", collect: ({ storage, player }) => storage.playerChat(player.id) },
  {
    // Friends (social.ts): whom it follows, who follows it, whom it blocks, by name.
    name: "relations",
    collect: async ({ storage, player }) => {
      const { following, followers, blocks } = await storage.relations(player.id);
      const names = new Map((await storage.playersById([...new Set([...following, ...followers, ...blocks])])).map((p) => [p.id, p.name]));
      const named = (ids: readonly string[]) => ids.map((id) => names.get(id) ?? "deleted player");
      return { following: named(following), followers: named(followers), blocks: named(blocks) };
    },
  },
  { name: "invitations", collect: ({ storage, player, now }) => storage.pendingInvitations(player.id, now, MAX_ROWS) },
  {
    // Reports it made (moderation), with the lines they quote.
    name: "reports",
    collect: async ({ storage, player }) =>
      (await storage.reportsBy(player.id, MAX_ROWS)).map((r) => ({ at: r.createdAt, target: r.targetName, table: r.tableId, message: r.messageId, reason: r.reason, note: r.note, status: r.status, context: r.context })),
  },
];

/** Adds a section to every export (reports, friends, blocks…), after the others. */
export function addExportSection(section: ExportSection): void {
  if (EXPORT_SECTIONS.some((s) => s.name === section.name)) throw new Error(`export section "${section.name}" exists already`);
  EXPORT_SECTIONS.push(section);
}

// ------------------------------------------------------------ routes

const passwordOnly = z.object({ password: z.string().max(1000) }).strict();
const endOne = z.object({ id: z.string().min(1).max(64) }).strict();
const empty = z.object({}).strict();
const recover = z.object({ name: z.string().max(200), code: z.string().max(100), password: z.string().max(1000) }).strict();

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new HubError("bad-message", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "));
  return parsed.data;
}

export function registerAccountRoutes(app: FastifyInstance, ctx: AccountContext): void {
  const { storage, clock, limits, stored, throttle } = ctx;

  /** The password asked again before something that cannot be undone, counted with the log-ins. */
  const confirm = async (request: FastifyRequest, player: PlayerRecord, password: string) => {
    await throttle(ctx.byAddress, request.ip, limits.loginsPerMinute, "log-ins and password checks");
    await throttle(ctx.byNameAddress, `${nameSkeleton(player.name)}\n${request.ip}`, limits.loginsPerNameAddressPerMinute, "log-ins on one name from one address");
    if (!(await verifyPassword(password, player.passwordHash, request.ip))) throw new HubError("wrong-password", "the password is wrong");
  };

  app.get("/api/me/sessions", async (request) => {
    const { player, hash } = await ctx.loggedIn(request);
    const sessions = await stored("reading sessions", () => storage.playerSessions(player.id, clock.now()));
    return {
      sessions: sessions.map((s) => ({ id: sessionId(s.tokenHash), createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, device: userAgentSummary(s.userAgent), current: s.tokenHash === hash })),
    };
  });

  /** Ends one session of the account (this one too: then it is logged out); the seat tokens are replaced. */
  app.post("/api/me/sessions/end", async (request, reply) => {
    const { player, hash } = await ctx.loggedIn(request);
    const { id } = parse(endOne, request.body);
    const sessions = await stored("reading sessions", () => storage.playerSessions(player.id, clock.now()));
    const target = sessions.find((s) => sessionId(s.tokenHash) === id);
    if (!target) throw new HubError("unknown-session", "no such session of this account");
    await ctx.endSessions(player, { only: [target.tokenHash] });
    ctx.log(`account ${player.name}: a session ended from the list, seat tokens replaced`);
    if (target.tokenHash === hash) {
      void reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { ended: true, player: null };
    }
    return { ended: true, player: { name: player.name, createdAt: player.createdAt } };
  });

  /** Every session ends, this one too; the seat tokens are replaced. */
  app.post("/api/me/logout-everywhere", async (request, reply) => {
    const { player } = await ctx.loggedIn(request);
    parse(empty, request.body);
    await ctx.endSessions(player, {});
    void reply.clearCookie(SESSION_COOKIE, { path: "/" });
    ctx.log(`account ${player.name}: logged out everywhere, seat tokens replaced`);
    return { player: null } satisfies MeResponse;
  });

  app.get("/api/me/recovery-codes", async (request) => {
    const { player } = await ctx.loggedIn(request);
    return stored("reading recovery codes", () => storage.recoveryCodes(player.id));
  });

  /** New codes (the old ones end), shown once; the password is asked: a stolen session must not make codes of its own. */
  app.post("/api/me/recovery-codes", async (request) => {
    const { player } = await ctx.loggedIn(request);
    const { password } = parse(passwordOnly, request.body);
    await confirm(request, player, password);
    const codes = await newRecoveryCodes(ctx, player);
    ctx.log(`account ${player.name}: new recovery codes`);
    return { codes };
  });

  /**
   * A forgotten password: a recovery code (spent) sets a new one; every session ends, the seat
   * tokens are replaced, and this browser is logged in. One answer for an unknown name and a wrong code.
   */
  app.post("/api/account/recover", async (request, reply) => {
    await throttle(ctx.byAddress, request.ip, limits.loginsPerMinute, "log-ins and recoveries");
    const body = parse(recover, request.body);
    const typed = body.name.normalize("NFC").trim();
    const skeleton = nameSkeleton(typed);
    await throttle(ctx.byNameAddress, `${skeleton}\n${request.ip}`, limits.loginsPerNameAddressPerMinute, "log-ins on one name from one address");
    await throttle(ctx.byName, skeleton, limits.loginsPerNamePerMinute, "log-ins on one name");
    const password = parsePassword(body.password);
    if (!password.ok) throw new HubError(password.error.code, password.error.message, password.error.params);
    const found = await stored("reading a player", () => findAccount(storage, typed));
    const player = found && found.deletedAt === undefined ? found : null;
    const code = recoveryCodeHash(body.code);
    const refused = () => new HubError("bad-recovery-code", "wrong name or recovery code");
    if (!player || !(await stored("reading recovery codes", () => storage.recoveryCodeUnused(player.id, code)))) throw refused();
    const passwordHash = await hashPassword(password.value, { from: request.ip });
    const { session, cookie } = ctx.openSession(request, reply, player);
    try {
      await ctx.endSessions(player, { passwordHash, open: session, spend: code });
    } catch (error) {
      if (error instanceof RecoveryCodeSpentError) throw refused();
      throw error;
    }
    cookie();
    ctx.log(`account ${player.name}: password set with a recovery code, sessions ended, seat tokens replaced`);
    const left = await stored("reading recovery codes", () => storage.recoveryCodes(player.id));
    return { player: { name: player.name, createdAt: player.createdAt }, recoveryCodesLeft: left.unused };
  });

  /** Everything held about the account, as one JSON file. */
  app.get("/api/me/export", async (request, reply) => {
    const { player, hash } = await ctx.loggedIn(request);
    const context: ExportContext = { storage, player, session: hash, now: clock.now() };
    const data: Record<string, unknown> = { format: "grimoire-account-export", version: 1, exportedAt: context.now };
    for (const section of EXPORT_SECTIONS) data[section.name] = await stored(`exporting ${section.name}`, () => section.collect(context));
    const file = `grimoire-${player.name.replace(/[^\p{L}\p{N}_.-]/gu, "_")}-${new Date(context.now).toISOString().slice(0, 10)}.json`;
    void reply.header("content-disposition", `attachment; filename="${file.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file)}`);
    void reply.header("cache-control", "no-store");
    return data;
  });

  /**
   * Deletes the account (password asked again): sessions, devices, recovery codes, chat messages,
   * ratings and seat links go; finished matches stay, its seats renamed DELETED_NAME; the name is
   * held NAME_HELD_DAYS. Refused while the account holds a seat at a table not over.
   */
  app.post("/api/account/delete", async (request, reply) => {
    const { player } = await ctx.loggedIn(request);
    const { password } = parse(passwordOnly, request.body);
    await confirm(request, player, password);
    const seats = await stored("reading seats", () => storage.playerSeats(player.id, MAX_ROWS));
    const live = seats.filter(({ table }) => table.status === "open" || table.status === "playing");
    if (live.length > 0) throw new HubError("still-seated", `resign or leave your ${live.length} table(s) not over first`, { tables: live.length });
    const renamed = new Map<string, TableRecord>();
    for (const { table } of seats) {
      const t = renamed.get(table.id) ?? table;
      renamed.set(table.id, { ...t, seats: t.seats.map((s) => (s.player === player.id ? { ...s, name: DELETED_NAME, player: null, tokenHash: null } : s)) });
    }
    const tables = [...renamed.values()];
    const at = clock.now();
    await stored("deleting an account", () => storage.changeAccount({ kind: "delete", playerId: player.id, at, tables, seatTokens: [] }));
    ctx.accountDeleted(tables);
    void reply.clearCookie(SESSION_COOKIE, { path: "/" });
    ctx.log(`account ${player.name} deleted (${tables.length} table(s) renamed)`);
    return { player: null } satisfies MeResponse;
  });
}
