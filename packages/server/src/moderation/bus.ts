// Several processes (REDIS_URL): moderators' changes reach every process at once on one Redis
// channel (`<prefix>moderation`), each process applying the others' (a ban ends the account's
// connections wherever they are). After a lost connection the sanctions are read again from
// storage: what was said meanwhile is not missed.
import { randomBytes } from "../random.ts";
import { Redis } from "ioredis";
import { connectionOptions } from "../cluster-redis.ts";
import type { Moderation, ModerationBus, ModerationEvent } from "./service.ts";

/** `node`: the process's name, in its messages and its Redis connections' names (the cluster's node id). */
export async function redisModerationBus(moderation: Moderation, redisUrl: string, prefix: string, log: (line: string) => void, node = randomBytes(6).toString("hex")): Promise<ModerationBus> {
  const channel = `${prefix}moderation`;
  const pub = new Redis(redisUrl, connectionOptions(node, "moderation-publisher"));
  const sub = new Redis(redisUrl, connectionOptions(node, "moderation-subscriber"));
  for (const [name, client] of [["publisher", pub], ["subscriber", sub]] as const) client.on("error", (error: Error) => log(`redis (moderation ${name}): ${error.message}`));
  await pub.connect();
  await sub.connect();
  sub.on("message", (_channel: string, text: string) => {
    let message: { from: string; event: ModerationEvent };
    try {
      message = JSON.parse(text) as { from: string; event: ModerationEvent };
    } catch {
      return;
    }
    if (message.from !== node) moderation.apply(message.event);
  });
  await sub.subscribe(channel);
  // Each "ready" from now on is a reconnection: read what may have been missed.
  sub.on("ready", () => void moderation.reload().catch((error: Error) => log(`moderation: reading the sanctions again failed: ${error.message}`)));
  return {
    publish: async (event) => {
      await pub.publish(channel, JSON.stringify({ from: node, event }));
    },
    close: async () => {
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
