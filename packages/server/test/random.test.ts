// The server's random bytes (random.ts): drawn from the system's CSPRNG 4 KiB at a time, each
// byte handed out once. What must never happen: a byte given twice, a zero from a spent pool, a
// caller's buffer shared with the pool.
import { describe, expect, it } from "vitest";
import { randomBytes } from "../src/random.ts";

/** Pearson's chi-square of the byte counts against a uniform distribution (255 degrees of freedom). */
function chiSquare(bytes: Buffer): number {
  const counts = new Array<number>(256).fill(0);
  for (const b of bytes) counts[b]!++;
  const expected = bytes.length / 256;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

describe("randomBytes", () => {
  it("gives each draw fresh bytes, across many refills of the pool", () => {
    const seen = new Set<string>();
    // 20,000 draws of 16 bytes: 78 pools' worth; a repeat among them would be a byte given twice.
    for (let i = 0; i < 20_000; i++) {
      const bytes = randomBytes(16);
      expect(bytes.length).toBe(16);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(20_000);
  });

  it("draws of sizes that do not divide the pool cross its end without zeros or repeats", () => {
    // 1, 9, 24 and 511 bytes (ids, seeds, tokens, the largest pooled draw), 300,000 bytes in all.
    const sizes = [1, 9, 24, 511];
    const parts: Buffer[] = [];
    let total = 0;
    for (let i = 0; total < 300_000; i++) {
      const part = randomBytes(sizes[i % sizes.length]!);
      parts.push(part);
      total += part.length;
    }
    const all = Buffer.concat(parts);
    // Uniform bytes: chi-square 255 ± 23; a pool read past its end (zeros) or a part given twice
    // would put it in the thousands. 400 is beyond the 99.999th percentile.
    expect(chiSquare(all)).toBeLessThan(400);
    // No run of 16 zero bytes anywhere (probability 2^-128 per place for random bytes).
    expect(all.includes(Buffer.alloc(16))).toBe(false);
    // The 511-byte parts, each unlike every other.
    const large = parts.filter((p) => p.length === 511).map((p) => p.toString("hex"));
    expect(new Set(large).size).toBe(large.length);
  });

  it("hands out a copy: a draw keeps its bytes through later draws and refills of the pool", () => {
    const first = randomBytes(32);
    const kept = Buffer.from(first);
    expect(kept.equals(Buffer.alloc(32))).toBe(false);
    for (let i = 0; i < 300; i++) randomBytes(32); // more than two pools' worth
    expect(first.equals(kept)).toBe(true);
  });

  it("draws larger than an eighth of the pool straight from the system", () => {
    const a = randomBytes(4096);
    const b = randomBytes(100_000);
    expect(a.length).toBe(4096);
    expect(b.length).toBe(100_000);
    expect(chiSquare(b)).toBeLessThan(400);
    expect(a.equals(b.subarray(0, 4096))).toBe(false);
  });

  it("gives an empty buffer for 0 bytes and refuses a size that is no whole number of bytes", () => {
    expect(randomBytes(0).length).toBe(0);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => randomBytes(bad)).toThrow(RangeError);
  });
});
