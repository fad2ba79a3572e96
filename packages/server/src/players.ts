// HTTP routes for players: accounts (create, log in, log out, who am I, my seats), profiles and
// the leaderboard of each game. Sessions ride in an httpOnly SameSite=Lax cookie set by
// @fastify/cookie; bodies are JSON only (the server refuses other content types), which with
// SameSite keeps other sites from posting here in a player's name.
import type { AnyGame } from "@grimoire/engine";
import { describeIssues } from "@grimoire/engine";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { registerAccountRoutes, newRecoveryCodes } from "./account-routes.ts";
import { DEVICE_COOKIE, DEVICE_DAYS, findAccount, hashPassword, NAME_HELD_DAYS, nameFree, newPlayerId, newSessionToken, parseAccountName, parsePassword, SESSION_COOKIE, SESSION_DAYS, verifyPassword } from "./accounts.ts";
import { HubError, sha256, type Account, type Clock } from "./hub.ts";
import { KeyedBuckets, type Buckets, type Limits } from "./limits.ts";
import { nameSkeleton, type BotLevel, type LeaderboardResponse, type LearntResponse, type MeResponse, type MySeatsResponse, type ProfileResponse, type RatingInfo } from "./protocol.ts";
import { opponentAccounts, pastGame } from "./past-games.ts";
import { isProvisional, ordinal } from "./ratings.ts";
import { replacementTokens } from "./seat-tokens.ts";
import { NameTakenError, RecoveryCodeSpentError, type AccountChange, type PlayerRecord, type SeatLink, type SessionRecord, type Storage, type TableRecord } from "./storage.ts";

/** Seats a browser held as a guest, claimed with a new account or a log-in (at most this many). */
const MAX_CLAIMS = 100;
/** Seats at tables not over listed for an account: a generous bound, never reached by finished ones. */
const MAX_LIVE = 1000;
const HISTORY = 200;
/** A session's "last seen" is written at most this often (per process). */
const TOUCH_MS = 5 * 60_000;

const credentialsSchema = z
  .object({
    name: z.string().max(200),
    password: z.string().max(1000),
    seats: z
      .array(z.object({ table: z.string().min(1).max(64), token: z.string().min(1).max(128) }).strict())
      .max(MAX_CLAIMS)
      .default([]),
  })
  .strict();

const learntSchema = z.object({ game: z.string().min(1).max(64) }).strict();
const passwordChangeSchema = z.object({ current: z.string().max(1000), password: z.string().max(1000) }).strict();

function ratingInfo(r: { mu: number; sigma: number; played: number }): RatingInfo {
  return { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r), ...(isProvisional(r.played) ? { provisional: true } : {}) };
}

function badMessage(error: z.ZodError): HubError {
  return new HubError("bad-message", describeIssues(error));
}

export interface PlayerRoutes {
  /** The account of the request's session cookie, or null (a guest). */
  accountOf(request: FastifyRequest): Promise<Account | null>;
  /** The same from a raw Cookie header (a WebSocket upgrade). */
  accountOfCookie(header: string | undefined): Promise<Account | null>;
  /** The seats of the request's account at tables not over (none for a guest). */
  seatsOf(request: FastifyRequest): Promise<{ tableId: string; token: string }[]>;
  /** Refuses (`account-name`) a guest's name that is an account's, ignoring case, or looks like one (`findAccount`). */
  refuseAccountName(name: string): Promise<void>;
}

/** What the account's own routes (account-routes.ts) share with these. */
export interface AccountContext {
  storage: Storage;
  clock: Clock;
  limits: Limits;
  log: (line: string) => void;
  stored<T>(what: string, fn: () => Promise<T>): Promise<T>;
  throttle(buckets: Buckets, key: string, perMinute: number, what: string): Promise<void>;
  byAddress: Buckets;
  byName: Buckets;
  byNameAddress: Buckets;
  sessionHash(request: FastifyRequest): string | null;
  /** The request's session and its live account, or a `not-logged-in` refusal. */
  loggedIn(request: FastifyRequest): Promise<{ player: PlayerRecord; hash: string }>;
  openSession(request: FastifyRequest, reply: FastifyReply, player: PlayerRecord): { session: SessionRecord; cookie: () => void };
  /** The change that ends sessions and replaces the account's seat tokens (its tables told once written). */
  endSessions(player: PlayerRecord, change: Omit<Extract<AccountChange, { kind: "end-sessions" }>, "kind" | "playerId" | "seatTokens" | "at">): Promise<void>;
  /** Seat tokens replaced at these tables: connections holding old ones are closed. */
  seatTokensReplaced(tables: readonly string[]): void;
  accountDeleted(tables: readonly TableRecord[]): void;
}

export function registerPlayerRoutes(
  app: FastifyInstance,
  storage: Storage,
  games: readonly AnyGame[],
  limits: Limits,
  clock: Clock,
  log: (line: string) => void,
  pageOf: (query: unknown) => { limit: number; offset: number },
  /** Several processes: the log-in buckets shared through Redis (these in memory as its fallback). */
  share: (name: string, perMinute: number, local: KeyedBuckets) => Buckets = (_name, _perMinute, local) => local,
  /** Why an account may not log in now (a ban: moderation/service.ts), or null. */
  loginRefusal: (playerId: string) => Promise<HubError | null> = async () => null,
  /** The hub: connections holding replaced seat tokens, tables of a deleted account. */
  tables: { seatTokensReplaced(tables: readonly string[]): Promise<void>; accountDeleted(tables: readonly TableRecord[]): void } = { seatTokensReplaced: async () => {}, accountDeleted: () => {} },
): PlayerRoutes {
  const byAddress = share("logins-by-address", limits.loginsPerMinute, new KeyedBuckets(limits.loginsPerMinute, () => clock.now()));
  // The name's ceiling from anywhere, which a known device's log-in passes by (docs/security.md, "Log-ins").
  const byName = share("logins-by-name", limits.loginsPerNamePerMinute, new KeyedBuckets(limits.loginsPerNamePerMinute, () => clock.now()));
  const byNameAddress = share("logins-by-name-address", limits.loginsPerNameAddressPerMinute, new KeyedBuckets(limits.loginsPerNameAddressPerMinute, () => clock.now()));
  const throttle = async (buckets: Buckets, key: string, perMinute: number, what: string) => {
    const wait = await buckets.take(key);
    if (wait > 0) throw new HubError("rate-limited", `at most ${perMinute} ${what} a minute`, { retryAfterMs: wait });
  };

  /** Storage refusing a read or a write: a typed 503, the cause in the log. */
  const stored = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof NameTakenError || error instanceof HubError || error instanceof RecoveryCodeSpentError) throw error;
      log(`storage: ${what} failed: ${(error as Error).message}`);
      throw new HubError("unavailable", "storage is unavailable, try again");
    }
  };

  const hashOf = (token: unknown): string | null => (typeof token === "string" && /^[\w-]{43}$/.test(token) ? sha256(token) : null);
  const sessionHash = (request: FastifyRequest): string | null => hashOf(request.cookies[SESSION_COOKIE]);

  const accountOf = (request: FastifyRequest): Promise<Account | null> => accountOfHash(sessionHash(request));
  /** A WebSocket upgrade's Cookie header (Fastify's cookie parser does not see upgrades). */
  const accountOfCookie = (header: string | undefined): Promise<Account | null> =>
    accountOfHash(header === undefined ? null : hashOf(app.parseCookie(header)[SESSION_COOKIE]));

  const accountOfHash = async (hash: string | null): Promise<Account | null> => {
    const player = await sessionAccount(hash);
    return player ? { id: player.id, name: player.name } : null;
  };

  /** Last seen, written at most every `TOUCH_MS` per session and process. */
  const touched = new Map<string, number>();
  const sessionAccount = async (hash: string | null): Promise<PlayerRecord | null> => {
    if (hash === null) return null;
    const player = await stored("reading a session", () => storage.sessionPlayer(hash, clock.now()));
    if (!player || player.deletedAt !== undefined) return null;
    const now = clock.now();
    if (now - (touched.get(hash) ?? -Infinity) >= TOUCH_MS) {
      if (touched.size > 100_000) touched.clear();
      touched.set(hash, now);
      storage.changeAccount({ kind: "touch-session", tokenHash: hash, at: now }).catch((error: Error) => log(`storage: touching a session failed: ${error.message}`));
    }
    return player;
  };

  const loggedIn = async (request: FastifyRequest): Promise<{ player: PlayerRecord; hash: string }> => {
    const hash = sessionHash(request);
    const player = await sessionAccount(hash);
    if (!player || hash === null) throw new HubError("not-logged-in", "log in first");
    return { player, hash };
  };

  const endSessions: AccountContext["endSessions"] = async (player, change) => {
    const seatTokens = await stored("reading seats", () => replacementTokens(storage, player.id));
    await stored("ending sessions", () => storage.changeAccount({ kind: "end-sessions", playerId: player.id, seatTokens, at: clock.now(), ...change }));
    for (const hash of change.only ?? []) touched.delete(hash);
    if (change.only === undefined) touched.clear();
    seatTokensReplaced(seatTokens.map((t) => t.tableId));
  };
  const seatTokensReplaced = (ids: readonly string[]) => void tables.seatTokensReplaced(ids).catch((error: Error) => log(`closing replaced seats failed: ${error.message}`));

  /** Guest seats this browser proves it holds (their tokens): linked to the account, history kept. */
  const claims = async (playerId: string, seats: readonly { table: string; token: string }[]): Promise<SeatLink[]> => {
    const links: SeatLink[] = [];
    for (const { table, token } of seats) {
      const record = await stored("reading a table", () => storage.getTable(table));
      const seat = record?.seats.findIndex((s) => s.tokenHash !== null && s.tokenHash === sha256(token)) ?? -1;
      if (seat >= 0) links.push({ playerId, tableId: table, seat, token, at: clock.now() });
    }
    return links;
  };

  /** Opens a session: the cookie (httpOnly, SameSite=Lax, Secure over https). */
  const openSession = (request: FastifyRequest, reply: FastifyReply, player: PlayerRecord) => {
    const token = newSessionToken();
    const now = clock.now();
    const userAgent = request.headers["user-agent"];
    const session: SessionRecord = { tokenHash: sha256(token), playerId: player.id, createdAt: now, expiresAt: now + SESSION_DAYS * 86_400_000, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 200) : null };
    const cookie = () =>
      void reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", path: "/", maxAge: SESSION_DAYS * 86_400, secure: request.protocol === "https" });
    return { session, cookie };
  };

  /**
   * After the right password: this browser becomes a known device of the account (a random
   * token in an httpOnly cookie for a year, its hash stored), which passes the name's ceiling.
   */
  const knownDevice = (request: FastifyRequest, reply: FastifyReply, player: PlayerRecord) => {
    let token = request.cookies[DEVICE_COOKIE];
    if (hashOf(token) === null) {
      token = newSessionToken();
      void reply.setCookie(DEVICE_COOKIE, token, { httpOnly: true, sameSite: "lax", path: "/api/", maxAge: DEVICE_DAYS * 86_400, secure: request.protocol === "https" });
    }
    storage.changeAccount({ kind: "device", playerId: player.id, tokenHash: sha256(token!), at: clock.now() }).catch((error: Error) => log(`storage: remembering a device failed: ${error.message}`));
  };

  const ctx: AccountContext = {
    storage,
    clock,
    limits,
    log,
    stored,
    throttle,
    byAddress,
    byName,
    byNameAddress,
    sessionHash,
    loggedIn,
    openSession,
    endSessions,
    seatTokensReplaced,
    accountDeleted: (list) => tables.accountDeleted(list),
  };
  registerAccountRoutes(app, ctx);

  app.post("/api/account", async (request, reply) => {
    await throttle(byAddress, request.ip, limits.loginsPerMinute, "log-ins and new accounts");
    const body = credentialsSchema.safeParse(request.body ?? {});
    if (!body.success) throw badMessage(body.error);
    const name = parseAccountName(body.data.name);
    if (!name.ok) throw new HubError(name.error.code, name.error.message, name.error.params);
    const password = parsePassword(body.data.password);
    if (!password.ok) throw new HubError(password.error.code, password.error.message, password.error.params);
    // Taken: the same name ignoring case (an old account's key), or one that looks the same; a
    // deleted account's name is held for NAME_HELD_DAYS, then its tombstone goes.
    const holder = await stored("reading a player", () => findAccount(storage, name.value.name));
    if (holder && !nameFree(holder, clock.now())) throw new HubError("name-taken", `the name "${name.value.name}" is taken`);
    if (holder) await stored("freeing a deleted account's name", () => storage.changeAccount({ kind: "purge-deleted", before: clock.now() - NAME_HELD_DAYS * 86_400_000 }));
    const player: PlayerRecord = { id: newPlayerId(), name: name.value.name, nameKey: name.value.key, passwordHash: await hashPassword(password.value, { from: request.ip }), createdAt: clock.now() };
    const { session, cookie } = openSession(request, reply, player);
    const links = await claims(player.id, body.data.seats);
    try {
      await stored("creating an account", () => storage.insertPlayer(player, session, links));
    } catch (error) {
      // Two sign-ups of one name at once: the unique key lets one through.
      if (error instanceof NameTakenError) throw new HubError("name-taken", `the name "${name.value.name}" is taken`);
      throw error;
    }
    cookie();
    knownDevice(request, reply, player);
    log(`account ${player.name} created${links.length ? `, ${links.length} guest seat(s) claimed` : ""}`);
    // Shown once, here; stored hashed (account-routes.ts).
    const recoveryCodes = await newRecoveryCodes(ctx, player);
    return { player: { name: player.name, createdAt: player.createdAt }, recoveryCodes } satisfies MeResponse & { recoveryCodes: string[] };
  });

  app.post("/api/login", async (request, reply) => {
    await throttle(byAddress, request.ip, limits.loginsPerMinute, "log-ins");
    const body = credentialsSchema.safeParse(request.body ?? {});
    if (!body.success) throw badMessage(body.error);
    const typed = body.data.name.normalize("NFC").trim();
    // One bucket for every spelling that looks the same, so look-alikes earn no more tries: per
    // name and address always; per name from anywhere too, unless this browser logged in to the
    // account before (its device cookie), so an attacker's flood never locks the owner out.
    const skeleton = nameSkeleton(typed);
    await throttle(byNameAddress, `${skeleton}\n${request.ip}`, limits.loginsPerNameAddressPerMinute, "log-ins on one name from one address");
    const found = await stored("reading a player", () => findAccount(storage, typed));
    const player = found && found.deletedAt === undefined ? found : null;
    const device = hashOf(request.cookies[DEVICE_COOKIE]);
    const known = player !== null && device !== null && (await stored("reading a device", () => storage.knownDevice(player.id, device)));
    if (!known) await throttle(byName, skeleton, limits.loginsPerNamePerMinute, "log-ins on one name");
    if (!(await verifyPassword(body.data.password, player?.passwordHash ?? null, request.ip)) || !player) throw new HubError("bad-credentials", "wrong name or password");
    const refused = await stored("reading sanctions", () => loginRefusal(player.id));
    if (refused) throw refused;
    const { session, cookie } = openSession(request, reply, player);
    const links = await claims(player.id, body.data.seats);
    await stored("opening a session", () => storage.insertSession(session, links));
    cookie();
    knownDevice(request, reply, player);
    return { player: { name: player.name, createdAt: player.createdAt } } satisfies MeResponse;
  });

  app.post("/api/logout", async (request, reply) => {
    const hash = sessionHash(request);
    if (hash !== null) await stored("closing a session", () => storage.deleteSession(hash));
    void reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { player: null } satisfies MeResponse;
  });

  /**
   * A new password, the current one given again. Every browser logged in to the account is logged
   * out (a stolen session ends here); this one gets a new session. Counted with the log-ins.
   */
  app.post("/api/account/password", async (request, reply) => {
    await throttle(byAddress, request.ip, limits.loginsPerMinute, "log-ins and password changes");
    const body = passwordChangeSchema.safeParse(request.body ?? {});
    if (!body.success) throw badMessage(body.error);
    const { player } = await loggedIn(request);
    await throttle(byNameAddress, `${nameSkeleton(player.name)}\n${request.ip}`, limits.loginsPerNameAddressPerMinute, "log-ins on one name from one address");
    if (!(await verifyPassword(body.data.current, player.passwordHash, request.ip))) throw new HubError("wrong-password", "the current password is wrong");
    const password = parsePassword(body.data.password);
    if (!password.ok) throw new HubError(password.error.code, password.error.message, password.error.params);
    const { session, cookie } = openSession(request, reply, player);
    const passwordHash = await hashPassword(password.value, { from: request.ip });
    // Every session ends and every seat token is replaced (a thief's copies are refused from now on).
    await endSessions(player, { passwordHash, open: session });
    cookie();
    log(`account ${player.name}: password changed, other sessions ended, seat tokens replaced`);
    return { player: { name: player.name, createdAt: player.createdAt } } satisfies MeResponse;
  });

  app.get("/api/me", async (request) => {
    const player = await sessionAccount(sessionHash(request));
    return { player: player ? { name: player.name, createdAt: player.createdAt } : null } satisfies MeResponse;
  });

  /** The account's seats at tables not over (cancelled ones too, after the others: their page says so). */
  const liveSeats = (account: Account) => stored("reading seats", () => storage.playerLiveSeats(account.id, MAX_LIVE));

  const seatsOf = async (request: FastifyRequest) => {
    const account = await accountOf(request);
    return account ? (await liveSeats(account)).map(({ link }) => ({ tableId: link.tableId, token: link.token })) : [];
  };

  app.get("/api/me/seats", async (request) => {
    const account = await accountOf(request);
    if (!account) throw new HubError("not-logged-in", "log in to see your seats");
    const seats = await liveSeats(account);
    return {
      seats: seats
        .map(({ link, table }) => ({ table: table.id, game: table.game, status: table.status, seat: link.seat, token: link.token })),
    } satisfies MySeatsResponse;
  });

  /** The games the account has learnt (its guided first games finished), in the order learnt. */
  app.get("/api/me/learnt", async (request) => {
    const account = await accountOf(request);
    if (!account) throw new HubError("not-logged-in", "log in to see the games you have learnt");
    return { games: await stored("reading learnt games", () => storage.learntGames(account.id)) } satisfies LearntResponse;
  });

  /** Marks a game learnt for the account (a guided first game finished); again changes nothing. */
  app.post("/api/me/learnt", async (request) => {
    const account = await accountOf(request);
    if (!account) throw new HubError("not-logged-in", "log in to keep the games you have learnt");
    const body = learntSchema.safeParse(request.body ?? {});
    if (!body.success) throw badMessage(body.error);
    if (!games.some((g) => g.id === body.data.game)) throw new HubError("unknown-game", `unknown game "${body.data.game}"`);
    await stored("marking a game learnt", () => storage.markLearnt(account.id, body.data.game, clock.now()));
    return { games: await stored("reading learnt games", () => storage.learntGames(account.id)) } satisfies LearntResponse;
  });

  /** A profile: counts per game from the database, and one page (`limit`, `offset`) of the past games (opponents, result, rating change), newest first. */
  app.get<{ Params: { name: string } }>("/api/players/:name", async (request) => {
    const raw = request.params.name;
    if (raw.length > 200) throw new HubError("bad-message", "a name has at most 200 characters", { max: 200 });
    const { limit, offset } = pageOf(request.query);
    const player = await stored("reading a player", () => findAccount(storage, raw.normalize("NFC").trim()));
    if (!player || player.deletedAt !== undefined) throw new HubError("unknown-player", `no player "${raw.slice(0, 40)}"`);
    const known = (game: string) => games.some((g) => g.id === game);
    const [page, counts, ratings, history] = await stored("reading a profile", () =>
      Promise.all([storage.playerMatches(player.id, limit, offset), storage.playerRecord(player.id), storage.playerRatings(player.id), storage.ratingHistory(player.id, HISTORY)]),
    );
    const listed = page.rows.filter(({ table }) => known(table.game));
    const others = opponentAccounts(listed);
    const accounts = others.length === 0 ? [] : await stored("reading players", () => storage.playersById(others));
    const names = new Map(accounts.map((p) => [p.id, p.name]));
    const matches = listed.map((m) => pastGame(m, names));
    const record = counts.filter((c) => known(c.game));
    const played = [...new Set([...record.map((c) => c.game), ...ratings.map((r) => r.game)])].sort();
    return {
      name: player.name,
      createdAt: player.createdAt,
      games: played.map((game) => {
        const rating = ratings.find((r) => r.game === game);
        const count = record.find((c) => c.game === game);
        return {
          game,
          played: count?.played ?? 0,
          won: count?.won ?? 0,
          rating: rating ? ratingInfo(rating) : null,
          history: history
            .filter((h) => h.game === game)
            .reverse()
            .map((h) => ({ table: h.tableId, at: h.at, ordinal: ordinal(h), rank: h.rank })),
        };
      }),
      matches,
      matchesTotal: page.total,
      matchesNext: offset + limit < page.total ? offset + limit : null,
    } satisfies ProfileResponse;
  });

  app.get<{ Params: { game: string } }>("/api/leaderboard/:game", async (request) => {
    const game = games.find((g) => g.id === request.params.game);
    if (!game) throw new HubError("unknown-game", `unknown game "${request.params.game.slice(0, 64)}"`);
    const { limit, offset } = pageOf(request.query);
    const board = await stored("reading the leaderboard", () => storage.leaderboard(game.id, limit, offset, limits.leaderboardMinGames));
    const names = new Map((await stored("reading players", () => storage.playersById(board.rows.filter((r) => !r.key.startsWith("bot:")).map((r) => r.key)))).map((p) => [p.id, p.name]));
    return {
      game: game.id,
      players: board.rows.map((r, i) => ({
        rank: offset + i + 1,
        name: r.key.startsWith("bot:") ? null : (names.get(r.key) ?? null),
        bot: r.key.startsWith("bot:") ? (r.key.slice(4) as BotLevel) : null,
        played: r.played,
        won: r.won,
        rating: ratingInfo(r),
      })),
      total: board.total,
      next: offset + limit < board.total ? offset + limit : null,
    } satisfies LeaderboardResponse;
  });

  const refuseAccountName = async (name: string) => {
    const holder = await stored("reading a player", () => findAccount(storage, name));
    if (holder && !nameFree(holder, clock.now())) {
      throw new HubError("account-name", `"${name.slice(0, 40)}" is an account's name: log in as it, or choose another name`);
    }
  };

  return { accountOf, accountOfCookie, seatsOf, refuseAccountName };
}
