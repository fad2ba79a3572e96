// What the processes of a cluster say to each other through Redis (cluster.ts): the options, the
// messages on a table's channel and in a process's inbox, the Lua scripts that keep leases and
// rate buckets atomic, and the log-in buckets every process shares.
import type { Redis } from "ioredis";
import type { OwnerCall } from "./hub.ts";
import type { Buckets, KeyedBuckets } from "./limits.ts";
import type { ErrorCode, ErrorParams } from "./protocol.ts";
import type { ChatRecord, LoggedAction, TableRecord } from "./storage.ts";

export interface ClusterOptions {
  redisUrl: string;
  /** Prefix of every Redis key and channel (tests use one per run). */
  prefix?: string;
  /** How long a lease lasts without renewal: the takeover time after an owner dies is about this. */
  leaseMs?: number;
  /** How long a forwarded change waits for the owner's answer. */
  forwardTimeoutMs?: number;
  log?: (line: string) => void;
  /** Counts calls forwarded to another process, tables handed over, and changes published or not (nobody else listened) (metrics.ts). */
  counters?: { forwarded(): void; handedOver(): void; published(sent: boolean): void };
}

/**
 * The options of every Redis connection a process opens (the cluster's, the social bus's, the
 * moderation bus's): a command fails after two retries, commands wait while it reconnects, and it
 * is named `grimoire-<process>-<role>` for `CLIENT LIST` (which process, which connection).
 */
export function connectionOptions(node: string, role: string): { maxRetriesPerRequest: number; enableOfflineQueue: boolean; lazyConnect: boolean; connectionName: string } {
  return { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true, connectionName: `grimoire-${node}-${role}` };
}

export type TableMessage =
  | { kind: "change"; from: string; record: TableRecord; entry: LoggedAction | null; present: number[] }
  | { kind: "chat"; from: string; message: ChatRecord }
  | { kind: "owner"; from: string }
  | { kind: "tokens"; from: string }
  /** A process that starts listening to the table says so: its owner publishes its changes again. */
  | { kind: "follow"; from: string }
  /** The owner's answer to `follow`: where the table stands (a listener behind it reads the log). */
  | { kind: "at"; from: string; version: number; record: TableRecord; present: number[] };

export type InboxMessage =
  | { kind: "call"; id: string; from: string; request: OwnerCall }
  | { kind: "reply"; id: string; ok: true; value: unknown }
  | { kind: "reply"; id: string; ok: false; error: { code: ErrorCode; message: string; params?: ErrorParams } }
  | { kind: "presence"; from: string; table: string; seats: number[] }
  | { kind: "handover"; from: string; table: string; lease: string };

/** Extends a lease only if it is still ours (compare and extend, atomically). */
export const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
/** Gives a lease to another process (ARGV[2], for ARGV[3] ms) only if it is still ours. */
export const TRANSFER = `if redis.call("get", KEYS[1]) == ARGV[1] then redis.call("set", KEYS[1], ARGV[2], "PX", ARGV[3]) return 1 else return 0 end`;
/** Deletes a lease only if it is still ours. */
export const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * Takes a token from a bucket (`TokenBucket` in limits.ts: ARGV[2] tokens at most, refilled at
 * ARGV[1] a millisecond, full when absent): 0, else the milliseconds until one is there. The key
 * expires once the bucket would be full again.
 */
const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call("time")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local held = redis.call("hmget", KEYS[1], "tokens", "at")
local tokens = burst
if held[1] then tokens = math.min(burst, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) * rate) end
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate) end
redis.call("hset", KEYS[1], "tokens", tostring(tokens), "at", tostring(now))
redis.call("pexpire", KEYS[1], math.ceil((burst - tokens) / rate) + 1000)
return wait`;

/** How long a shared rate limit waits for Redis before counting in this process. */
const RATE_TIMEOUT_MS = 250;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}

/**
 * Buckets of `perMinute` (a burst of as many) shared by every process, under `keyPrefix`; while
 * Redis cannot be reached (its connection not ready, or no answer within RATE_TIMEOUT_MS), this
 * process's own `local` ones count instead, at once: a log-in never waits through ioredis's
 * reconnection attempts (2–12 s each, issue 24). `failing` is told once per outage.
 */
export function sharedBuckets(cmd: Redis, keyPrefix: string, perMinute: number, local: KeyedBuckets, failing: (why: string) => void): Buckets {
  let down = false;
  return {
    take: async (key: string) => {
      try {
        if (cmd.status !== "ready") throw new Error(`the connection is ${cmd.status}`);
        const wait = Number(await withTimeout(cmd.eval(TAKE, 1, `${keyPrefix}${key}`, perMinute / 60_000, perMinute), RATE_TIMEOUT_MS));
        down = false;
        return wait;
      } catch (error) {
        if (!down) failing((error as Error).message);
        down = true;
        return local.take(key);
      }
    },
  };
}
