// Review claims shared by a cluster's processes (cluster.ts): a review asked of several processes
// at once is computed by the one that claims it (`SET NX PX`, renewed with the table leases); the
// others answer with the progress it posts, then the stored review.
import { randomBytes } from "./random.ts";
import type { ChainableCommander, Redis } from "ioredis";
import { RELEASE, RENEW } from "./cluster-redis.ts";
import type { ReviewClaim } from "./hub.ts";

export class ReviewClaims {
  /** The value of each claim held, by its key. */
  private readonly held = new Map<string, string>();

  constructor(
    private readonly cmd: Redis,
    private readonly prefix: string,
    private readonly node: string,
    private readonly leaseMs: number,
    private readonly log: (line: string) => void,
  ) {}

  async claim(key: string): Promise<ReviewClaim | { done: number }> {
    const claimKey = `${this.prefix}review:${key}`;
    const doneKey = `${claimKey}:done`;
    const value = `${this.node}:${randomBytes(6).toString("hex")}`;
    if ((await this.cmd.set(claimKey, value, "PX", this.leaseMs, "NX")) !== "OK") return { done: Number(await this.cmd.get(doneKey)) || 0 };
    this.held.set(claimKey, value);
    const failed = (error: Error) => this.log(`cluster: review ${key}: ${error.message}`);
    return {
      progress: (done) => void this.cmd.set(doneKey, String(done), "PX", 10 * this.leaseMs).catch(failed),
      release: () => {
        if (!this.held.delete(claimKey)) return;
        this.cmd.eval(RELEASE, 1, claimKey, value).then(() => this.cmd.del(doneKey), failed).catch(failed);
      },
    };
  }

  /** Adds the renewal of every claim held to `pipeline`; the function returned reads their results. */
  renewIn(pipeline: ChainableCommander): (results: [Error | null, unknown][]) => void {
    const held = [...this.held];
    for (const [key, value] of held) pipeline.eval(RENEW, 1, key, value, this.leaseMs);
    return (results) =>
      held.forEach(([key], i) => {
        // Lost (renewed too late): the review goes on here; another process may start it too.
        const [error, kept] = results[i] ?? [null, 0];
        if (error || kept !== 1) this.held.delete(key);
      });
  }

  async releaseAll(): Promise<void> {
    for (const [key, value] of [...this.held]) await this.cmd.eval(RELEASE, 1, key, value).catch(() => {});
    this.held.clear();
  }
}
