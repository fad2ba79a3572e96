// Optional accounts: a name and a password (scrypt from node:crypto, a salt per account, compared
// in constant time), sessions as random tokens in an httpOnly SameSite=Lax cookie (only their
// SHA-256 is stored). Guests need none of this. Name rules: NFC, 3 to 20 characters, letters
// (accented ones too), digits, and _ - . ; a letter first, at most two accents on a letter, one
// script (`nameShapeError`, as for guests' names); unique by what they look like (`nameSkeleton`:
// "coco7", "сосо7" in Cyrillic and "ｃｏｃｏ７" are one name), see `nameKey` and `findAccounts`.
import { scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { randomBytes } from "./random.ts";
import { FairLimiter } from "./fair-limiter.ts";
import { nameShapeError, nameSkeleton, type ProtocolError } from "./protocol.ts";
import type { PlayerRecord, Storage } from "./storage.ts";
import { wrappedMethods } from "./wrapped-methods.ts";

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
const NAME_CHARS = /^[\p{L}\p{M}\p{Nd}_.-]+$/u;

export const SESSION_COOKIE = "grimoire_session";
export const SESSION_DAYS = 30;
/** A browser that logged in to an account before (its token's hash in `devices`): passes the name's log-in ceiling. */
export const DEVICE_COOKIE = "grimoire_device";
/**
 * A guest's browser (no account): set when it takes a seat; a token-less tab of that browser at
 * the table (a spectator's connection) reads as the seat's player, as an account's does, so it
 * does not read the spectators' channel the table hides from players (issue 24).
 */
export const GUEST_COOKIE = "grimoire_guest";
export const GUEST_DAYS = 30;
export const DEVICE_DAYS = 365;
/** A deleted account's name is held this long (nobody may take it), then free again. */
export const NAME_HELD_DAYS = 30;

/** Whether an account found under a name leaves it free: deleted, `NAME_HELD_DAYS` ago or more. */
export function nameFree(player: { deletedAt?: number }, now: number): boolean {
  return player.deletedAt !== undefined && now - player.deletedAt >= NAME_HELD_DAYS * 86_400_000;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: ProtocolError };

/** An account name: NFC, trimmed, NAME_MIN..NAME_MAX characters of the allowed set. */
export function parseAccountName(raw: unknown): Parsed<{ name: string; key: string }> {
  if (typeof raw !== "string") return { ok: false, error: { code: "bad-name", message: "a name is a string", params: { reason: "empty" } } };
  const name = raw.normalize("NFC").trim();
  const length = [...name].length;
  if (length === 0) return { ok: false, error: { code: "bad-name", message: "a name is needed", params: { reason: "empty" } } };
  if (length < NAME_MIN) return { ok: false, error: { code: "bad-name", message: `a name has at least ${NAME_MIN} characters`, params: { reason: "too-short", min: NAME_MIN } } };
  if (length > NAME_MAX) return { ok: false, error: { code: "bad-name", message: `a name has at most ${NAME_MAX} characters`, params: { reason: "too-long", max: NAME_MAX } } };
  if (!NAME_CHARS.test(name)) return { ok: false, error: { code: "bad-name", message: "a name has letters, digits, _ - . only", params: { reason: "characters" } } };
  const shape = nameShapeError(name);
  if (shape) return { ok: false, error: shape };
  return { ok: true, value: { name, key: nameSkeleton(name) } };
}

/**
 * The key accounts made before issue 24 were stored under (`players.name_key`): NFC, lower case
 * ("Éloïse" and "éloÏse" are one name). A new account's key is its `nameSkeleton` instead, under
 * the same unique index; `findAccount` looks a name up under both, so no stored key changes.
 */
export function nameKey(name: string): string {
  return name.normalize("NFC").toLowerCase().normalize("NFC");
}

/**
 * The account a typed name (or a stored key) denotes: the one stored under its old key first
 * (an exact match, ignoring case, keeps finding accounts made before skeletons), else the one
 * whose key is its skeleton (every account made since, and an old one whose old key is already
 * its skeleton: "coco7", found from "сосо7"). Null when none.
 */
export async function findAccount(storage: Pick<Storage, "playerByNameKey">, name: string): Promise<PlayerRecord | null> {
  const key = nameKey(name);
  const skeleton = nameSkeleton(name);
  return (await storage.playerByNameKey(key)) ?? (skeleton === key ? null : await storage.playerByNameKey(skeleton));
}

/**
 * The storage with `playerByNameKey` answering as `findAccount` does, for code that looks names
 * up by their old key (the hub's check of a spectator's chat name): it then finds look-alikes too.
 */
export function lookAlikeAccounts(storage: Storage): Storage {
  const byName = (name: string) => findAccount(storage, name);
  return wrappedMethods(storage, (name, method) => (name === "playerByNameKey" ? byName : method.bind(storage)));
}

export function parsePassword(raw: unknown): Parsed<string> {
  if (typeof raw !== "string" || [...raw].length < PASSWORD_MIN) {
    return { ok: false, error: { code: "bad-password", message: `a password has at least ${PASSWORD_MIN} characters`, params: { reason: "too-short", min: PASSWORD_MIN } } };
  }
  if (raw.length > PASSWORD_MAX) return { ok: false, error: { code: "bad-password", message: `a password has at most ${PASSWORD_MAX} characters`, params: { reason: "too-long", max: PASSWORD_MAX } } };
  return { ok: true, value: raw };
}

// scrypt's cost: 2^15 × 8 × 128 bytes = 32 MiB and some tens of milliseconds per hash.
const COST = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_BYTES = 32;

/**
 * N for new hashes (and the decoy). The test suite lowers it with GRIMOIRE_TEST_SCRYPT_N (a power
 * of two from 2^10), honoured only when NODE_ENV is `test` (as under vitest and the processes it
 * starts): every account created and log-in checked in the tests paid 80–100 ms of CPU otherwise.
 * Read at each hash, so a test can put the real cost back. A stored hash keeps its own N.
 */
function costN(): number {
  const asked = process.env.NODE_ENV === "test" ? Number(process.env.GRIMOIRE_TEST_SCRYPT_N) : Number.NaN;
  return Number.isInteger(asked) && asked >= 1 << 10 && asked <= COST.N && (asked & (asked - 1)) === 0 ? asked : COST.N;
}

/**
 * scrypt runs on libuv's thread pool (never on the event loop), at most two at a time so the
 * pool's other threads stay free for files and DNS; the rest wait their turn round robin across
 * client addresses, log-ins to unknown names last (`FairLimiter`).
 */
export const passwordWork = new FairLimiter(2);

/** Who asks for a hash: the client's address (the fair queue's key); `unknown`: a decoy check. */
export interface HashFor {
  from?: string;
  unknown?: boolean;
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions, who: HashFor = {}): Promise<Buffer> {
  return passwordWork.run(
    who.from ?? "",
    () => new Promise<Buffer>((resolve, reject) => scryptCallback(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)))),
    who.unknown === true,
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later for new hashes. */
export async function hashPassword(password: string, who: HashFor = {}): Promise<string> {
  const salt = randomBytes(16);
  const cost = { ...COST, N: costN() };
  const key = await scrypt(password, salt, cost, who);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** A fixed hash checked when the name is unknown, so that answer takes as long as a wrong password (one per N). */
const decoys = new Map<number, Promise<string>>();
function decoy(): Promise<string> {
  const n = costN();
  let hash = decoys.get(n);
  if (!hash) decoys.set(n, (hash = hashPassword(randomBytes(12).toString("base64url"))));
  return hash;
}

/**
 * Whether `password` matches `stored` (null: no such account; a decoy is checked all the same,
 * behind every check of a real account's password). `from`: the client's address.
 */
export async function verifyPassword(password: string, stored: string | null, from = ""): Promise<boolean> {
  const hash = stored ?? (await decoy());
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p), maxmem: COST.maxmem }, { from, unknown: stored === null });
  return timingSafeEqual(actual, expected) && stored !== null;
}

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function newPlayerId(): string {
  return randomBytes(12).toString("base64url");
}
