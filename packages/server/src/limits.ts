// The limits that keep one client from taking the server down, their defaults and the
// environment variables that change them (docs/server.md, "Limits"), and the token buckets,
// keyed by client address, that enforce the rates and say how long to wait (in memory here; the
// log-in buckets of several processes live in Redis, cluster.ts).
import { LEADERBOARD_MIN_GAMES } from "./rated.ts";


export interface Limits {
  /** Open WebSocket connections from one address. */
  readonly connectionsPerIp: number;
  /** WebSocket handshakes per minute from one address (a burst of as many). */
  readonly handshakesPerMinute: number;
  /** A connection that has not said `hello` after this long is closed (1008). */
  readonly helloTimeoutMs: number;
  /** The server pings every connection this often; one that has not answered by the next ping is dropped. */
  readonly heartbeatMs: number;
  /** Bytes queued for one connection beyond which it is dropped (it resyncs with `since`). */
  readonly sendBufferBytes: number;
  /** Messages per second on one connection, and the burst. */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  /** Refusals for rate in a row after which the connection is closed (1008) instead of answered. */
  readonly rateStrikes: number;
  /** Tables created per minute from one address (a burst of as many). */
  readonly tablesPerMinute: number;
  /** Joins per minute from one address. */
  readonly joinsPerMinute: number;
  /** Live (not over) tables of bots only created from one address. */
  readonly botTablesPerIp: number;
  /** Log-in attempts and account creations per minute from one address. */
  readonly loginsPerMinute: number;
  /** Log-in attempts per minute on one account name, from anywhere, but for a known device (its cookie). */
  readonly loginsPerNamePerMinute: number;
  /** Log-in attempts per minute on one account name from one address (known devices too). */
  readonly loginsPerNameAddressPerMinute: number;
  /** "Your tables" requests (`POST /api/my-tables`, up to 200 look-ups each) per minute from one address. */
  readonly myTablesPerMinute: number;
  /** Whole HTTP request (headers and body) and headers alone. */
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  /** Post-game reviews being computed at once, server-wide (each a record's decisions queued in the bot workers). */
  readonly reviewsRunning: number;
  /** Rated matches an account needs to appear on a game's leaderboard (`LEADERBOARD_MIN_GAMES`, rated.ts). */
  readonly leaderboardMinGames: number;
}

export const DEFAULT_LIMITS: Limits = {
  connectionsPerIp: 64,
  handshakesPerMinute: 120,
  helloTimeoutMs: 10_000,
  heartbeatMs: 30_000,
  sendBufferBytes: 4 * 1024 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  rateStrikes: 40,
  tablesPerMinute: 20,
  joinsPerMinute: 60,
  botTablesPerIp: 4,
  loginsPerMinute: 10,
  loginsPerNamePerMinute: 5,
  loginsPerNameAddressPerMinute: 5,
  myTablesPerMinute: 30,
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  reviewsRunning: 8,
  leaderboardMinGames: LEADERBOARD_MIN_GAMES,
};

/** The environment variable of each limit. */
export const LIMIT_ENV: Readonly<Record<keyof Limits, string>> = {
  connectionsPerIp: "LIMIT_CONNECTIONS_PER_IP",
  handshakesPerMinute: "LIMIT_HANDSHAKES_PER_MINUTE",
  helloTimeoutMs: "LIMIT_HELLO_TIMEOUT_MS",
  heartbeatMs: "LIMIT_HEARTBEAT_MS",
  sendBufferBytes: "LIMIT_SEND_BUFFER_BYTES",
  messagesPerSecond: "LIMIT_MESSAGES_PER_SECOND",
  messageBurst: "LIMIT_MESSAGE_BURST",
  rateStrikes: "LIMIT_RATE_STRIKES",
  tablesPerMinute: "LIMIT_TABLES_PER_MINUTE",
  joinsPerMinute: "LIMIT_JOINS_PER_MINUTE",
  botTablesPerIp: "LIMIT_BOT_TABLES_PER_IP",
  loginsPerMinute: "LIMIT_LOGINS_PER_MINUTE",
  loginsPerNamePerMinute: "LIMIT_LOGINS_PER_NAME_PER_MINUTE",
  loginsPerNameAddressPerMinute: "LIMIT_LOGINS_PER_NAME_ADDRESS_PER_MINUTE",
  myTablesPerMinute: "LIMIT_MY_TABLES_PER_MINUTE",
  requestTimeoutMs: "LIMIT_REQUEST_TIMEOUT_MS",
  headersTimeoutMs: "LIMIT_HEADERS_TIMEOUT_MS",
  reviewsRunning: "LIMIT_REVIEWS_RUNNING",
  leaderboardMinGames: "LIMIT_LEADERBOARD_MIN_GAMES",
};

/** The limits from the environment (each a positive integer), the defaults elsewhere. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Limits> {
  const limits: Partial<Record<keyof Limits, number>> = {};
  for (const [key, name] of Object.entries(LIMIT_ENV) as [keyof Limits, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
    limits[key] = value;
  }
  return limits;
}

export function resolveLimits(partial: Partial<Limits> = {}): Limits {
  const limits = { ...DEFAULT_LIMITS, ...partial };
  // Node refuses a headers timeout longer than the whole request's.
  return { ...limits, headersTimeoutMs: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) };
}

/** A token bucket: `burst` tokens, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token: 0 when allowed, else the milliseconds until one is there. */
  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }

  /** Full again: nothing to remember about this key. */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }
}

/** Token buckets by key: 0 when a token was taken, else the milliseconds to wait. */
export interface Buckets {
  take(key: string): number | Promise<number>;
}

/** One bucket per key (a client address); full buckets are forgotten so the map stays small. */
export class KeyedBuckets implements Buckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private sweepAt: number;
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.sweepAt = now() + 60_000;
  }

  /** 0 when allowed, else the milliseconds to wait. */
  take(key: string): number {
    const now = this.now();
    if (now >= this.sweepAt || this.buckets.size > 100_000) this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.perMinute / 60, this.perMinute, now);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now);
  }

  private sweep(now: number): void {
    this.sweepAt = now + 60_000;
    for (const [key, bucket] of this.buckets) if (bucket.full(now)) this.buckets.delete(key);
  }
}

/** Open connections per address. */
export class ConnectionCounts {
  private readonly counts = new Map<string, number>();
  tryOpen(key: string, max: number): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= max) return false;
    this.counts.set(key, n + 1);
    return true;
  }
  close(key: string): void {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n <= 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }
}
