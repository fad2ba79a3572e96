// HTTP routes of moderation: a logged-in player reports a player or a chat message (a reason
// from a fixed list and an optional note; the message's channel must be one the reporter can
// read; one report per message and reporter; a few reports an hour); moderators (a role given by
// `grimoire admin grant NAME moderator`) read the queue with the reported lines in context,
// hide messages, mute and ban accounts (or mute a guest's address) for a time or for good, lift
// those, close reports, and read the audit log of every action. Anyone else gets `not-moderator`.
import { describeIssues } from "@grimoire/engine";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { findAccount } from "../accounts.ts";
import { HubError, type Account, type Clock } from "../hub.ts";
import { storageCall } from "../tables/types.ts";
import { TokenBucket } from "../limits.ts";
import { parseChatText } from "../protocol.ts";
import { isUniqueViolation, type ChatRecord, type Storage } from "../storage.ts";
import { REPORT_REASONS, type AuditAction, type AuditEntry, type ReportedLine, type ReportRecord, type SanctionRecord } from "../storage/moderation.ts";
import { newModerationId, type Moderation } from "./service.ts";

/** Lines kept before and after a reported message, from its channel. */
export const CONTEXT_LINES = 3;
/** Reports one account may make at once, then one every REPORT_EVERY_MS. */
export const REPORT_BURST = 5;
export const REPORT_EVERY_MS = 120_000;
const NOTE_MAX = 500;
const REASON_MAX = 300;
/** The longest timed sanction: a year (longer is "for good"). */
const MAX_MINUTES = 525_600;

const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS),
    note: z.string().max(4 * NOTE_MAX).optional(),
    player: z.string().min(1).max(200).optional(),
    table: z.string().min(1).max(64).optional(),
    message: z.number().int().min(1).max(2 ** 31 - 1).optional(),
  })
  .strict()
  .refine((r) => (r.player !== undefined) !== (r.table !== undefined && r.message !== undefined) && (r.table === undefined) === (r.message === undefined), {
    message: "report either a player (`player`) or a chat message (`table` and `message`)",
  });

const reasonField = z.string().max(4 * REASON_MAX);
const hideSchema = z.object({ table: z.string().min(1).max(64), message: z.number().int().min(1).max(2 ** 31 - 1), reason: reasonField }).strict();
const sanctionSchema = z
  .object({
    kind: z.enum(["mute", "ban"]),
    player: z.string().min(1).max(200).optional(),
    /** A guest: the writer of this report's message, by its hashed address. */
    report: z.string().min(1).max(64).optional(),
    /** null: for good. */
    minutes: z.number().int().min(1).max(MAX_MINUTES).nullable(),
    reason: reasonField,
  })
  .strict()
  .refine((s) => (s.player !== undefined) !== (s.report !== undefined), { message: "name a `player`, or a `report` whose writer to sanction" });
const closeSchema = z.object({ outcome: z.enum(["resolved", "dismissed"]), reason: reasonField.optional() }).strict();
const liftSchema = z.object({ reason: reasonField }).strict();

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new HubError("bad-message", describeIssues(parsed.error));
  return parsed.data;
}

/** A note or a reason: chat's rules (length, no control characters), empty allowed where optional. */
function text(raw: string | undefined, max: number, required: boolean): string {
  if (raw === undefined || raw.trim() === "") {
    if (required) throw new HubError("bad-message", "a reason is needed");
    return "";
  }
  const parsed = parseChatText(raw);
  if (!parsed.ok) throw new HubError(parsed.error.code, parsed.error.message, parsed.error.params);
  if ([...parsed.value].length > max) throw new HubError("bad-message", `at most ${max} characters`, { max });
  return parsed.value;
}

const line = (m: ChatRecord): ReportedLine => ({ id: m.id, channel: m.channel, seat: m.seat, name: m.name, text: m.text, at: m.at });

export interface ModerationRouteDeps {
  storage: Storage;
  moderation: Moderation;
  clock: Clock;
  log: (line: string) => void;
  accountOf(request: FastifyRequest): Promise<Account | null>;
  pageOf(query: unknown): { limit: number; offset: number };
}

export function registerModerationRoutes(app: FastifyInstance, deps: ModerationRouteDeps): void {
  const { storage, moderation, clock, log } = deps;
  const buckets = new Map<string, TokenBucket>();

  const stored = storageCall(log);

  const loggedIn = async (request: FastifyRequest, what: string): Promise<Account> => {
    const account = await deps.accountOf(request);
    if (!account) throw new HubError("not-logged-in", `log in to ${what}`);
    return account;
  };

  const moderator = async (request: FastifyRequest): Promise<Account> => {
    const account = await loggedIn(request, "moderate");
    const roles = await stored("reading roles", () => storage.playerRoles(account.id));
    if (!roles.includes("moderator")) throw new HubError("not-moderator", "only a moderator may do that");
    return account;
  };

  const entry = (actor: string, action: AuditAction, target: string, reason: string, details: Record<string, unknown> = {}): AuditEntry => ({
    id: newModerationId(),
    at: clock.now(),
    actor,
    action,
    target,
    reason,
    details,
  });

  /** The names of accounts by id (the page shows names). */
  const namesOf = async (ids: readonly (string | null)[]): Promise<Map<string, string>> => {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    const players = await stored("reading players", () => storage.playersById(wanted));
    return new Map(players.map((p) => [p.id, p.name]));
  };

  // ------------------------------------------------------------ reports (any account)

  app.post("/api/reports", async (request) => {
    const reporter = await loggedIn(request, "report");
    const body = parse(reportSchema, request.body);
    const note = text(body.note, NOTE_MAX, false);
    if (body.reason === "other" && note === "") throw new HubError("bad-report", "say what is wrong in a note", { reason: "note" });
    let bucket = buckets.get(reporter.id);
    if (!bucket) buckets.set(reporter.id, (bucket = new TokenBucket(1000 / REPORT_EVERY_MS, REPORT_BURST, clock.now())));
    // Checked before the rate is taken: a refused report costs nothing.
    const report: ReportRecord = await (body.player !== undefined ? playerReport(reporter, body.player) : messageReport(reporter, body.table!, body.message!));
    const wait = bucket.take(clock.now());
    if (wait > 0) throw new HubError("rate-limited", `at most ${REPORT_BURST} reports at once, then one every ${REPORT_EVERY_MS / 60_000} minutes`, { retryAfterMs: wait });
    const saved: ReportRecord = { ...report, reason: body.reason, note };
    try {
      await storage.moderate({ op: "report", report: saved });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HubError("already-reported", "you have already reported this message");
      log(`storage: saving a report failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
    log(`report ${saved.id} by ${reporter.name}: ${saved.reason}`);
    return { report: { id: saved.id, status: saved.status } };
  });

  const base = (reporter: Account): Omit<ReportRecord, "target" | "targetName" | "targetAddress" | "tableId" | "messageId" | "context"> => ({
    id: newModerationId(),
    reporter: reporter.id,
    reason: "other",
    note: "",
    status: "open",
    createdAt: clock.now(),
    closedAt: null,
    closedBy: null,
  });

  const playerReport = async (reporter: Account, name: string): Promise<ReportRecord> => {
    const player = await stored("reading a player", () => findAccount(storage, name.normalize("NFC").trim()));
    if (!player) throw new HubError("unknown-player", `no player "${name.slice(0, 40)}"`);
    if (player.id === reporter.id) throw new HubError("bad-report", "you cannot report yourself", { reason: "self" });
    return { ...base(reporter), target: player.id, targetName: player.name, targetAddress: null, tableId: null, messageId: null, context: [] };
  };

  const messageReport = async (reporter: Account, tableId: string, messageId: number): Promise<ReportRecord> => {
    const unknown = () => new HubError("unknown-message", `no message ${messageId} you can read at table "${tableId.slice(0, 64)}"`);
    const [table, found] = await stored("reading a chat message", () => Promise.all([storage.getTable(tableId), storage.chatAround(tableId, messageId, CONTEXT_LINES)]));
    if (!table || !found || found.message.hidden) throw unknown();
    // The spectators' channel, while the players do not read it, is not the players' to report.
    const seated = table.seats.some((s) => s.player === reporter.id);
    if (found.message.channel === "spectators" && !table.meta.spectatorChat && seated) throw unknown();
    const message = found.message;
    const author = message.author ?? (message.seat !== null ? (table.seats[message.seat]?.player ?? null) : null);
    if (author === reporter.id) throw new HubError("bad-report", "you cannot report your own message", { reason: "self" });
    if (await stored("reading reports", () => storage.reportedBy(reporter.id, tableId, messageId))) throw new HubError("already-reported", "you have already reported this message");
    const authorName = author === null ? null : ((await namesOf([author])).get(author) ?? null);
    const context = [...found.before, message, ...found.after].filter((m) => !m.hidden).map(line);
    return {
      ...base(reporter),
      target: author,
      targetName: authorName ?? message.name ?? "?",
      targetAddress: author === null ? (message.addressHash ?? null) : null,
      tableId,
      messageId,
      context,
    };
  };

  // ------------------------------------------------------------ moderators

  /** Whether the account asking is a moderator (the web client shows the page's link), and its own mute. */
  app.get("/api/me/standing", async (request) => {
    const account = await deps.accountOf(request);
    if (!account) return { moderator: false, mute: null };
    const roles = await stored("reading roles", () => storage.playerRoles(account.id));
    const mute = moderation.muteOf(account.id, null);
    return { moderator: roles.includes("moderator"), mute: mute ? { until: mute.until, reason: mute.reason } : null };
  });

  app.get("/api/moderation/reports", async (request) => {
    await moderator(request);
    const status = (request.query as Record<string, unknown> | undefined)?.status ?? "open";
    if (status !== "open" && status !== "resolved" && status !== "dismissed") throw new HubError("bad-message", 'status is "open", "resolved" or "dismissed"');
    const { limit } = deps.pageOf(request.query);
    const reports = await stored("reading reports", () => storage.reports(status, limit));
    const names = await namesOf(reports.flatMap((r) => [r.reporter, r.target, r.closedBy]));
    return {
      reports: reports.map((r) => ({
        id: r.id,
        reporter: names.get(r.reporter) ?? "?",
        target: r.target === null ? null : (names.get(r.target) ?? r.targetName),
        targetName: r.targetName,
        guest: r.target === null,
        table: r.tableId,
        message: r.messageId,
        reason: r.reason,
        note: r.note,
        context: r.context,
        status: r.status,
        createdAt: r.createdAt,
        closedAt: r.closedAt,
        closedBy: r.closedBy === null ? null : (names.get(r.closedBy) ?? "?"),
      })),
    };
  });

  app.post<{ Params: { id: string } }>("/api/moderation/reports/:id/close", async (request) => {
    const by = await moderator(request);
    const body = parse(closeSchema, request.body);
    const reason = text(body.reason, REASON_MAX, false);
    const report = await stored("reading a report", () => storage.report(request.params.id.slice(0, 64)));
    if (!report) throw new HubError("unknown-report", "no such report");
    if (report.status !== "open") throw new HubError("report-closed", `this report is already ${report.status}`);
    const action = body.outcome === "resolved" ? "resolve" : "dismiss";
    await stored("closing a report", () =>
      storage.moderate({ op: "close-report", id: report.id, status: body.outcome, at: clock.now(), by: by.id, audit: entry(by.id, action, `report:${report.id}`, reason, { target: report.target ?? report.targetName }) }),
    );
    return { report: { id: report.id, status: body.outcome } };
  });

  app.post("/api/moderation/hide", async (request) => {
    const by = await moderator(request);
    const body = parse(hideSchema, request.body);
    const reason = text(body.reason, REASON_MAX, true);
    const found = await stored("reading a chat message", () => storage.chatAround(body.table, body.message, 0));
    if (!found) throw new HubError("unknown-message", `no message ${body.message} at table "${body.table.slice(0, 64)}"`);
    if (!found.message.hidden) {
      await stored("hiding a message", () =>
        storage.moderate({ op: "hide", tableId: body.table, messageId: body.message, audit: entry(by.id, "hide", `${body.table}/${body.message}`, reason, { author: found.message.author ?? found.message.name, text: found.message.text }) }),
      );
      await moderation.announce({ kind: "hide", tableId: body.table, messageId: body.message });
    }
    return { hidden: { table: body.table, message: body.message } };
  });

  app.post("/api/moderation/sanctions", async (request) => {
    const by = await moderator(request);
    const body = parse(sanctionSchema, request.body);
    const reason = text(body.reason, REASON_MAX, true);
    let player: string | null = null;
    let address: string | null = null;
    if (body.player !== undefined) {
      const found = await stored("reading a player", () => findAccount(storage, body.player!.normalize("NFC").trim()));
      if (!found) throw new HubError("unknown-player", `no player "${body.player.slice(0, 40)}"`);
      player = found.id;
    } else {
      const report = await stored("reading a report", () => storage.report(body.report!));
      if (!report) throw new HubError("unknown-report", "no such report");
      player = report.target;
      address = report.target === null ? report.targetAddress : null;
      if (player === null && address === null) throw new HubError("bad-message", "this report's writer is known by neither an account nor an address");
    }
    if (player === by.id) throw new HubError("bad-message", "you cannot sanction yourself");
    if (player === null && body.kind === "ban") throw new HubError("bad-message", "a guest has no account to ban: mute its address");
    const now = clock.now();
    const sanction: SanctionRecord = {
      id: newModerationId(),
      kind: body.kind,
      player,
      address,
      reason,
      until: body.minutes === null ? null : now + body.minutes * 60_000,
      createdAt: now,
      createdBy: by.id,
      liftedAt: null,
    };
    const target = player ?? `address:${address!.slice(0, 12)}`;
    await stored("saving a sanction", () => storage.moderate({ op: "sanction", sanction, audit: entry(by.id, body.kind, target, reason, { sanction: sanction.id, until: sanction.until }) }));
    await moderation.announce({ kind: "sanction", sanction });
    log(`moderation: ${body.kind} of ${target} by ${by.name}`);
    return { sanction: { id: sanction.id, kind: sanction.kind, until: sanction.until } };
  });

  app.get("/api/moderation/sanctions", async (request) => {
    await moderator(request);
    const active = moderation.active();
    const names = await namesOf(active.flatMap((s) => [s.player, s.createdBy]));
    return {
      sanctions: active.map((s) => ({
        id: s.id,
        kind: s.kind,
        player: s.player === null ? null : (names.get(s.player) ?? "?"),
        guest: s.player === null,
        reason: s.reason,
        until: s.until,
        createdAt: s.createdAt,
        by: names.get(s.createdBy) ?? "?",
      })),
    };
  });

  app.post<{ Params: { id: string } }>("/api/moderation/sanctions/:id/lift", async (request) => {
    const by = await moderator(request);
    const body = parse(liftSchema, request.body);
    const reason = text(body.reason, REASON_MAX, true);
    const sanction = await stored("reading a sanction", () => storage.sanction(request.params.id.slice(0, 64)));
    const now = clock.now();
    if (!sanction || sanction.liftedAt !== null || (sanction.until !== null && sanction.until <= now)) throw new HubError("unknown-sanction", "no such sanction in force");
    const target = sanction.player ?? `address:${sanction.address!.slice(0, 12)}`;
    await stored("lifting a sanction", () => storage.moderate({ op: "lift", id: sanction.id, at: now, audit: entry(by.id, "lift", target, reason, { sanction: sanction.id, kind: sanction.kind }) }));
    await moderation.announce({ kind: "lift", id: sanction.id });
    return { lifted: sanction.id };
  });

  app.get("/api/moderation/log", async (request) => {
    await moderator(request);
    const { limit } = deps.pageOf(request.query);
    const entries = await stored("reading the audit log", () => storage.auditLog(limit));
    const names = await namesOf(entries.flatMap((e) => [e.actor, e.target]));
    return {
      entries: entries.map((e) => ({
        at: e.at,
        actor: e.actor === "operator" ? null : (names.get(e.actor) ?? "?"),
        action: e.action,
        target: names.get(e.target) ?? e.target,
        reason: e.reason,
        details: e.details,
      })),
    };
  });
}
