// The social bus of several processes (social.ts): follows, blocks and notices on one Redis
// channel every process listens to, and each account's presence as a Redis hash (a field per
// process, its value holding until when it counts; the key expires when no process refreshes it).
import { randomBytes } from "./random.ts";
import { Redis } from "ioredis";
import { connectionOptions } from "./cluster-redis.ts";
import { PRESENCE_TTL_MS, type PresenceEntry, type SocialBus, type SocialMessage } from "./social.ts";

export class RedisSocialBus implements SocialBus {
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly handlers: ((message: SocialMessage) => void)[] = [];
  private readonly channel: string;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly log: (line: string) => void,
    /** This process's name: its presence field, and in its Redis connections' names (the cluster's node id). */
    private readonly node: string = randomBytes(6).toString("hex"),
  ) {
    this.cmd = new Redis(redisUrl, connectionOptions(node, "social-commands"));
    this.sub = new Redis(redisUrl, connectionOptions(node, "social-subscriber"));
    this.cmd.on("error", (error: Error) => log(`redis (social commands): ${error.message}`));
    this.sub.on("error", (error: Error) => log(`redis (social subscriber): ${error.message}`));
    this.channel = `${prefix}social`;
  }

  async start(): Promise<void> {
    await this.cmd.connect();
    await this.sub.connect();
    this.sub.on("message", (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let message: SocialMessage;
      try {
        message = JSON.parse(text) as SocialMessage;
      } catch {
        return this.log("social: an unreadable message on the channel");
      }
      for (const h of this.handlers) h(message);
    });
    await this.sub.subscribe(this.channel);
  }

  async publish(message: SocialMessage): Promise<void> {
    await this.cmd.publish(this.channel, JSON.stringify(message));
  }

  subscribe(handler: (message: SocialMessage) => void): void {
    this.handlers.push(handler);
  }

  private key(account: string): string {
    return `${this.prefix}presence:${account}`;
  }

  async setPresence(account: string, entry: PresenceEntry | null): Promise<void> {
    if (entry === null) {
      await this.cmd.hdel(this.key(account), this.node);
      return;
    }
    await this.cmd.multi().hset(this.key(account), this.node, JSON.stringify(entry)).pexpire(this.key(account), PRESENCE_TTL_MS).exec();
  }

  async readPresence(accounts: readonly string[], now: number): Promise<Map<string, PresenceEntry[]>> {
    const found = new Map<string, PresenceEntry[]>();
    if (accounts.length === 0) return found;
    const pipeline = this.cmd.pipeline();
    for (const a of accounts) pipeline.hgetall(this.key(a));
    const answers = (await pipeline.exec()) ?? [];
    accounts.forEach((a, i) => {
      const [error, fields] = answers[i] ?? [null, {}];
      if (error) return;
      const entries = Object.values(fields as Record<string, string>).flatMap((text) => {
        try {
          const entry = JSON.parse(text) as PresenceEntry;
          return entry.until > now ? [entry] : [];
        } catch {
          return [];
        }
      });
      if (entries.length > 0) found.set(a, entries);
    });
    return found;
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    await this.cmd.quit().catch(() => this.cmd.disconnect());
  }
}
