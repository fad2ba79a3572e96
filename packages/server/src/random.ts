// Random bytes from the operating system's CSPRNG, drawn 4 KiB at a time. One call to Node's
// `crypto.randomBytes` cost 7–45 µs of CPU between wake-ups on the 2-core virtual machine, whatever
// its size (docs/server.md), and the server draws several for every table (its id, seed, creator's
// and seats' tokens), every bot decision (its random generator's seed) and every forwarded call. As
// Node's own `randomUUID` keeps a cache, this keeps a pool: each byte is handed out once, as a
// copy, and zeroed in the pool as it goes; a draw larger than an eighth of the pool skips it.
import { randomBytes as drawFromSystem, randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
/** The first byte not handed out yet; at the end, the pool is refilled before the next draw. */
let next = POOL_BYTES;

/** `size` random bytes, as `crypto.randomBytes(size)` gives them (a new Buffer the caller owns). */
export function randomBytes(size: number): Buffer {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`randomBytes: size must be a whole number of bytes, not ${size}`);
  if (size > POOL_BYTES / 8) return drawFromSystem(size);
  if (next + size > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const bytes = Buffer.from(pool.subarray(next, next + size));
  pool.fill(0, next, next + size);
  next += size;
  return bytes;
}
