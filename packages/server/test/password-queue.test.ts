// Password hashing (scrypt) is bounded in flight and fair: a flood of log-ins from twenty
// addresses to unknown names does not make a real log-in wait behind it (issue 24: 200 such
// log-ins delayed a real one to 856 ms).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordWork } from "../src/accounts.ts";
import { FairLimiter } from "../src/fair-limiter.ts";
import { boot, type TestServer } from "./support/harness.ts";

function gate(): { promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe("fair limiter", () => {
  it("runs at most its bound at once, round robin across keys, low jobs last", async () => {
    const limiter = new FairLimiter(1);
    const order: string[] = [];
    const first = gate();
    const running = limiter.run("a", async () => {
      order.push("a0");
      await first.promise;
    });
    const jobs = [
      limiter.run("decoy", async () => void order.push("low"), true),
      ...[1, 2, 3].map((i) => limiter.run("a", async () => void order.push(`a${i}`))),
      limiter.run("b", async () => void order.push("b1")),
    ];
    expect(limiter.load).toEqual({ running: 1, waiting: 5 });
    first.open();
    await Promise.all([running, ...jobs]);
    expect(order).toEqual(["a0", "a1", "b1", "a2", "a3", "low"]);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it("a failing job rejects its caller only and frees its place", async () => {
    const limiter = new FairLimiter(1);
    const failed = limiter.run("a", () => Promise.reject(new Error("boom")));
    const next = limiter.run("b", async () => 42);
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe(42);
  });
});

describe("log-ins under a flood", () => {
  let server: TestServer;
  // The real cost (the suite's is lower, vitest.config.ts): each hash must take long enough for the flood to queue.
  const suiteCost = process.env.GRIMOIRE_TEST_SCRYPT_N;
  beforeAll(async () => {
    delete process.env.GRIMOIRE_TEST_SCRYPT_N;
    server = await boot({ trustProxy: "127.0.0.1", limits: { loginsPerMinute: 1000, loginsPerNamePerMinute: 1000 } });
  });
  afterAll(async () => {
    await server?.stop();
    if (suiteCost !== undefined) process.env.GRIMOIRE_TEST_SCRYPT_N = suiteCost;
  });

  const login = (name: string, password: string, from: string) =>
    fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": from }, body: JSON.stringify({ name, password }) });

  it("200 log-ins to unknown names from 20 addresses: a real log-in is checked before them", async () => {
    const created = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "10.1.0.1" }, body: JSON.stringify({ name: "Realone", password: "the-right-one" }) });
    expect(created.status).toBe(200);
    let floodAnswered = 0;
    const flood = Array.from({ length: 200 }, (_, i) =>
      login(`nobody${i}`, "guess-guess", `10.0.0.${i % 20}`).then((r) => {
        floodAnswered++;
        return r.status;
      }),
    );
    // The flood is queued on the server before the real log-in arrives.
    for (let i = 0; i < 600 && passwordWork.load.waiting < 150; i++) await new Promise((r) => setTimeout(r, 20));
    expect(passwordWork.load.waiting).toBeGreaterThanOrEqual(150);
    const real = await login("realone", "the-right-one", "10.2.0.1");
    expect(real.status).toBe(200);
    // FIFO would have checked the ~200 decoys first; the real account's check goes right after the two running.
    expect(floodAnswered).toBeLessThan(20);
    expect(passwordWork.load.running).toBeLessThanOrEqual(2);
    expect(new Set(await Promise.all(flood))).toEqual(new Set([401]));
  }, 120_000);
});
