// The lobby's and the tables' HTTP routes under /api: games, creating, listing, joining and
// cancelling tables, seats given to bots, "my tables", a table's page, its record and its reviews;
// with per-address limits (`limits.ts`) on creation, joins, lookups and live bot-only tables.
import { randomBytes } from "./random.ts";
import { describeIssues, type AnyGame } from "@grimoire/engine";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { GUEST_COOKIE, GUEST_DAYS } from "./accounts.ts";
import { HubError, sha256, type Hub } from "./hub.ts";
import { pageOf, parseBody, sendError, tableIdOf } from "./http.ts";
import { KeyedBuckets, type Limits } from "./limits.ts";
import type { PlayerRoutes } from "./players.ts";
import { cancelTableSchema, joinTableSchema, myTablesSchema, parseDisplayName, seatBotSchema, type GameInfo, type TableCreatorResponse } from "./protocol.ts";
import type { Social } from "./social.ts";

/**
 * Who is asking, as the seats they hold: the seat tokens a browser keeps and sends, and, logged
 * in, the account's seats at tables not over (taken from another browser too), each seat once.
 */
async function heldSeats(request: FastifyRequest, players: PlayerRoutes): Promise<{ tableId: string; token: string }[]> {
  const sent = parseBody(myTablesSchema, request.body).seats;
  const account = await players.seatsOf(request);
  const seen = new Set(sent.map((s) => `${s.tableId}\n${s.token}`));
  return [...sent, ...account.filter((s) => !seen.has(`${s.tableId}\n${s.token}`))];
}

export function registerTableRoutes(app: FastifyInstance, hub: Hub, games: readonly AnyGame[], limits: Limits, players: PlayerRoutes, social: Social): void {
  const creations = new KeyedBuckets(limits.tablesPerMinute);
  const joins = new KeyedBuckets(limits.joinsPerMinute);
  const lookups = new KeyedBuckets(limits.myTablesPerMinute);
  /** Live bot-only tables created from each address. */
  const botTables = new Map<string, Set<string>>();
  const throttle = (buckets: KeyedBuckets, ip: string, what: string, perMinute: number) => {
    const wait = buckets.take(ip);
    if (wait > 0) throw new HubError("rate-limited", `at most ${perMinute} ${what} a minute`, { retryAfterMs: wait });
  };
  const liveBotTables = (ip: string): Set<string> => {
    const ids = botTables.get(ip) ?? new Set<string>();
    // A table no longer in memory is over (finished matches leave memory).
    for (const id of ids) if ((hub?.liveTable(id)?.status ?? "over") === "over") ids.delete(id);
    if (ids.size === 0) botTables.delete(ip);
    return ids;
  };

  app.get("/api/games", async () => ({
    games: games.map(
      (g): GameInfo => ({
        id: g.id,
        title: g.title,
        minSeats: g.minSeats,
        maxSeats: g.maxSeats,
        defaultOptions: g.optionsSchema.parse({}),
        optionDocs: g.optionDocs,
        levels: g.levels,
      }),
    ),
  }));
  app.get("/api/tables", async (request) => {
    const { limit, offset } = pageOf(request.query);
    const status = (request.query as Record<string, unknown> | undefined)?.status ?? "open";
    if (status !== "open" && status !== "playing") throw new HubError("bad-message", 'status is "open" (waiting for players) or "playing" (to watch)');
    // Private tables are not listed, nor tables of accounts the viewer blocks or is blocked by.
    const open = await hub.lobby(status, await social.listable((await players.accountOf(request))?.id ?? null));
    const tables = open.slice(offset, offset + limit);
    return { tables, total: open.length, next: offset + limit < open.length ? offset + limit : null };
  });
  app.post("/api/tables", async (request) => {
    const body = (request.body ?? {}) as { seats?: unknown };
    const botsOnly = Array.isArray(body.seats) && body.seats.length > 0 && body.seats.every((s) => (s as { kind?: unknown } | null)?.kind === "bot");
    if (botsOnly && liveBotTables(request.ip).size >= limits.botTablesPerIp) {
      throw new HubError("too-many-tables", `at most ${limits.botTablesPerIp} tables of bots only at once`, { max: limits.botTablesPerIp });
    }
    throttle(creations, request.ip, "tables", limits.tablesPerMinute);
    // Logged in, the account is recorded as the creator too: its session works from any browser.
    const { table, creatorToken } = await hub.create(request.body ?? {}, request.ip, await players.accountOf(request));
    if (botsOnly) {
      const ids = botTables.get(request.ip) ?? new Set<string>();
      ids.add(table.id);
      botTables.set(request.ip, ids);
    }
    return { table, creatorToken };
  });
  app.post<{ Params: { id: string } }>("/api/tables/:id/cancel", async (request) => {
    const id = tableIdOf(request);
    const body = parseBody(cancelTableSchema, request.body);
    return { table: await hub.cancel(id, body.creatorToken ?? null, await players.accountOf(request)) };
  });
  app.get<{ Params: { id: string } }>("/api/tables/:id/creator", async (request) => {
    const id = tableIdOf(request);
    const account = await players.accountOf(request);
    return { creator: account !== null && (await hub.createdBy(id, account)) } satisfies TableCreatorResponse;
  });
  app.post<{ Params: { id: string; seat: string } }>("/api/tables/:id/seats/:seat/bot", async (request) => {
    const id = tableIdOf(request);
    if (!/^\d{1,2}$/.test(request.params.seat)) throw new HubError("bad-seats", "a seat is a number from 0");
    const body = parseBody(seatBotSchema, request.body);
    return { table: await hub.seatBot(id, Number(request.params.seat), body.creatorToken ?? null, body.level, await players.accountOf(request)) };
  });
  app.post("/api/my-tables", async (request) => {
    throttle(lookups, request.ip, "look-ups of your tables", limits.myTablesPerMinute);
    return { tables: await hub.myTables(await heldSeats(request, players)) };
  });
  app.get<{ Params: { id: string } }>("/api/tables/:id", async (request) => ({ table: await hub.table(tableIdOf(request)) }));
  app.post<{ Params: { id: string } }>("/api/tables/:id/join", async (request, reply) => {
    const id = tableIdOf(request);
    throttle(joins, request.ip, "joins", limits.joinsPerMinute);
    const parsed = joinTableSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendError(reply, "bad-message", describeIssues(parsed.error));
    const name = parseDisplayName(parsed.data.name);
    if (!name.ok) return sendError(reply, name.error.code, name.error.message, name.error.params);
    // Logged in, the seat is the account's (its name), and reachable from its other browsers;
    // a guest may not sit under an account's name.
    const account = await players.accountOf(request);
    if (!account) await players.refuseAccountName(name.value);
    // A guest's browser gets a key (kept across its seats): its token-less tabs at the table read as the seat's.
    let guest: string | undefined;
    if (!account) {
      let cookie = request.cookies[GUEST_COOKIE];
      if (cookie === undefined || !/^[A-Za-z0-9_-]{24}$/.test(cookie)) {
        cookie = randomBytes(18).toString("base64url");
        void reply.setCookie(GUEST_COOKIE, cookie, { httpOnly: true, sameSite: "lax", path: "/", maxAge: GUEST_DAYS * 86_400, secure: request.protocol === "https" });
      }
      guest = sha256(cookie);
    }
    return hub.join(id, { ...parsed.data, name: name.value, ...(guest ? { guest } : {}) }, account);
  });
  app.get<{ Params: { id: string } }>("/api/tables/:id/record", async (request) => hub.record(tableIdOf(request)));
  // 200 with the stored review, or 202 `pending` (with progress) while the bot workers compute it.
  app.get<{ Params: { id: string }; Querystring: { seat?: string } }>("/api/tables/:id/review", async (request, reply) => {
    const id = tableIdOf(request);
    const raw = request.query.seat;
    if (typeof raw !== "string" || !/^\d{1,3}$/.test(raw)) return sendError(reply, "bad-seat", "?seat=N: a seat number, from 0");
    const result = await hub.review(id, Number(raw));
    if (result.status === "pending") reply.code(202);
    return result;
  });
}
