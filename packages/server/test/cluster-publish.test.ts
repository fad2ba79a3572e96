// The owner publishes a table's changes only while another process listens (cluster-publish.ts):
// driven here with a fake Redis whose PUBLISH answers are held until the test says how many
// listened, so the races between a listener count and a `follow` are played out in each order.
import { describe, expect, it } from "vitest";
import type { Redis } from "ioredis";
import type { TableChannels } from "../src/cluster-channels.ts";
import { TablePublisher } from "../src/cluster-publish.ts";
import type { TableMessage } from "../src/cluster-redis.ts";
import type { Hub } from "../src/hub.ts";
import { DEFAULT_META, type LoggedAction, type TableRecord } from "../src/index.ts";

const record: TableRecord = {
  id: "t1",
  game: "abracadawhat",
  options: {},
  seats: [],
  status: "playing",
  turnSeconds: null,
  graceSeconds: null,
  seed: "0".repeat(32),
  seedHash: "",
  outcome: null,
  createdAt: 0,
  deadline: null,
  eventsHash: null,
  rated: false,
  meta: DEFAULT_META,
  hints: false,
};
const entry = (version: number): LoggedAction => ({ version, seat: 0, action: { n: version }, by: "player", at: 0 });

function setup() {
  /** Each PUBLISH sent, its answer held until `hear` says how many listened. */
  const sent: { channel: string; message: TableMessage; hear: (listeners: number) => void }[] = [];
  const cmd = {
    publish: (channel: string, text: string) => new Promise<number>((resolve) => sent.push({ channel, message: JSON.parse(text) as TableMessage, hear: resolve })),
  } as unknown as Redis;
  const state = { owned: true, leased: true, confirmed: true, version: 7 };
  const hub = {
    owns: () => state.owned,
    standing: () => (state.owned ? { version: state.version, record, present: [0] } : null),
  } as unknown as Hub;
  const channels = { confirmed: () => state.confirmed } as unknown as TableChannels;
  const counted = { published: 0, unheard: 0 };
  const counters = { forwarded: () => {}, handedOver: () => {}, published: (yes: boolean) => void (yes ? counted.published++ : counted.unheard++) };
  const publisher = new TablePublisher(cmd, "p:table:", "me", hub, channels, () => state.leased, counters, () => {});
  /** Lets the answers heard reach the publisher. */
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const changes = () => sent.filter((s) => s.message.kind === "change").length;
  return { sent, state, publisher, counted, settle, changes };
}

describe("an owner's changes on its table's channel", () => {
  it("are published while another process listens, and kept off Redis once a change reached the owner alone", async () => {
    const { sent, publisher, counted, settle, changes } = setup();
    publisher.changed(record, entry(1), [0]);
    expect(sent[0]!.channel).toBe("p:table:t1");
    expect(sent[0]!.message).toMatchObject({ kind: "change", from: "me", entry: { version: 1 } });
    sent[0]!.hear(2);
    await settle();
    publisher.changed(record, entry(2), [0]);
    expect(changes()).toBe(2);
    sent[1]!.hear(1);
    await settle();
    publisher.changed(record, entry(3), [0]);
    publisher.changed(record, null, [0, 1]);
    expect(changes()).toBe(2);
    expect(counted).toEqual({ published: 2, unheard: 2 });
  });

  it("a process that starts listening is answered with where the table stands, and every change after is published", async () => {
    const { sent, state, publisher, settle, changes } = setup();
    publisher.changed(record, entry(1), [0]);
    sent[0]!.hear(1);
    await settle();
    publisher.changed(record, entry(2), [0]);
    expect(changes()).toBe(1);
    publisher.followed("t1");
    expect(sent[1]!.message).toEqual({ kind: "at", from: "me", version: state.version, record, present: [0] });
    publisher.changed(record, entry(3), [0]);
    expect(changes()).toBe(2);
  });

  it("a listener count read before a `follow` was heard decides nothing (the newcomer may have subscribed after the count)", async () => {
    const { sent, publisher, settle, changes } = setup();
    publisher.changed(record, entry(1), [0]);
    // The follow arrives while the change's publication is in flight; its count (1) predates it.
    publisher.followed("t1");
    sent[0]!.hear(1);
    await settle();
    publisher.changed(record, entry(2), [0]);
    expect(changes()).toBe(2);
  });

  it("a count of one is not taken for silence when this process's own subscription is not confirmed, or it no longer holds the lease", async () => {
    const { sent, state, publisher, settle, changes } = setup();
    state.confirmed = false;
    publisher.changed(record, entry(1), [0]);
    sent[0]!.hear(1);
    await settle();
    publisher.changed(record, entry(2), [0]);
    expect(changes()).toBe(2);
    state.confirmed = true;
    state.leased = false;
    sent[1]!.hear(1);
    await settle();
    state.leased = true;
    publisher.changed(record, entry(3), [0]);
    expect(changes()).toBe(3);
  });

  it("a reconnection of the subscriber makes every table heard again, and the owner says where each stands once listening again", async () => {
    const { sent, publisher, settle, changes } = setup();
    publisher.changed(record, entry(1), [0]);
    sent[0]!.hear(1);
    await settle();
    publisher.reconnected();
    publisher.changed(record, entry(2), [0]);
    expect(changes()).toBe(2);
    publisher.listening("t1");
    expect(sent.at(-1)!.message.kind).toBe("at");
  });

  it("a process that is not the owner says `follow` once it listens; a table whose lease is released is forgotten", async () => {
    const { sent, state, publisher, settle, changes } = setup();
    publisher.changed(record, entry(1), [0]);
    sent[0]!.hear(1);
    await settle();
    state.leased = false;
    state.owned = false;
    publisher.forget("t1");
    publisher.listening("t1");
    expect(sent.at(-1)!.message).toEqual({ kind: "follow", from: "me" });
    // Owned again later (a new lease): published from the start.
    state.leased = true;
    state.owned = true;
    publisher.changed(record, entry(2), [0]);
    expect(changes()).toBe(2);
  });
});
