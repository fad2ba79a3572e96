// Log-in limits of several processes live in Redis (cluster.ts, `buckets`). With Redis down, a
// log-in used to wait through ioredis's reconnection attempts (2–12 s each, issue 24); now the
// process counts it in its own buckets at once.
import { describe, expect, it } from "vitest";
import { Cluster } from "../src/cluster.ts";
import type { Hub } from "../src/hub.ts";
import { KeyedBuckets } from "../src/limits.ts";
import type { Storage } from "../src/storage.ts";

describe("shared rate limits with Redis down", () => {
  it("count in this process at once, and still limit", async () => {
    const lines: string[] = [];
    // Nothing listens on port 1: the connection never becomes ready.
    const cluster = new Cluster({} as Hub, {} as Storage, { redisUrl: "redis://127.0.0.1:1", log: (line) => lines.push(line) });
    try {
      const buckets = cluster.buckets("logins-by-name", 3, new KeyedBuckets(3));
      const tooSlow = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 2000).unref());
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const wait = await Promise.race([buckets.take("coco7"), tooSlow]);
        expect(wait).not.toBe("waited");
        waits.push(wait as number);
      }
      // Three a minute, counted here: the fourth waits.
      expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
      expect(waits[3]).toBeGreaterThan(0);
      expect(lines.some((line) => line.includes("counting in this process"))).toBe(true);
    } finally {
      await cluster.close();
    }
  });
});
