// A table's chat: the latest messages (loaded from storage on first need), who may read which
// channel, the checks of a message (length, characters, name, rate), and its numbering and storing
// on the table's owner, in the table's queue.
import { nameKey } from "../accounts.ts";
import { TokenBucket } from "../limits.ts";
import type { ChatMessage, ServerOut } from "../protocol.ts";
import { CHAT_BURST, CHAT_EVERY_MS, CHAT_HISTORY, parseChatText, parseDisplayName } from "../protocol.ts";
import type { ChatRecord } from "../storage.ts";
import { write, type TableActor } from "./TableActor.ts";
import { HubError, type ChatDraft, type Subscriber } from "./types.ts";

/** Chat messages kept in memory per table (storage keeps them all). */
export const CHAT_KEPT = 2 * CHAT_HISTORY;

/** A message as clients get it: who wrote it (account, address) stays on the server. */
export function publicMessage(m: ChatRecord): ChatMessage {
  return { id: m.id, channel: m.channel, seat: m.seat, name: m.name, text: m.text, at: m.at };
}

export class TableChat {
  /** The latest chat messages (loaded from storage on first need), and the next message's id. */
  messages: ChatRecord[] | null = null;
  private loading: Promise<void> | null = null;
  private next = 1;
  /** Chat rate per seat ("seat:<n>") and per spectator address ("address:<ip>"; the connection when unknown). */
  private readonly buckets = new Map<unknown, TokenBucket>();

  constructor(private readonly table: TableActor) {}

  /** A new table: no messages yet. */
  empty(): void {
    this.messages = [];
  }

  /** Loads the table's latest chat messages once. */
  ensure(): Promise<void> {
    const live = this.table;
    if (this.messages !== null) return Promise.resolve();
    this.loading ??= live.env.storage.loadChat(live.record.id, CHAT_KEPT).then(
      (messages) => {
        this.messages = messages;
        this.next = (messages.at(-1)?.id ?? 0) + 1;
      },
      (error: Error) => {
        this.loading = null;
        live.env.log(`table ${live.record.id}: storage: reading the chat failed: ${error.message}`);
        throw new HubError("unavailable", "storage is unavailable, try again");
      },
    );
    return this.loading;
  }

  /**
   * The table is owned here from now on: the chat as stored (a message published while this process
   * followed may have been missed); the next one is numbered after the last stored. If storage does
   * not answer, the followed copy stays.
   */
  async reload(): Promise<void> {
    const live = this.table;
    await live.env.storage.loadChat(live.record.id, CHAT_KEPT).then(
      (messages) => {
        this.messages = messages;
        this.next = (messages.at(-1)?.id ?? 0) + 1;
      },
      (error: Error) => live.env.log(`table ${live.record.id}: storage: reading the chat failed: ${error.message}`),
    );
  }

  /** A connection left: its rate (a spectator without an address) goes with it. */
  forget(sub: Subscriber): void {
    this.buckets.delete(sub);
  }

  /**
   * Who may read a channel: everyone reads the players'; players read the spectators' only if the
   * table says so. A player is a seat's connection, or a spectator's whose account holds a seat here.
   */
  private canRead(sub: Subscriber, channel: ChatMessage["channel"]): boolean {
    const live = this.table;
    if (channel === "players" || live.record.meta.spectatorChat) return true;
    const seatedAccount = typeof sub.account === "string" && live.record.seats.some((s) => s.player === sub.account);
    const seatedGuest = typeof sub.guest === "string" && live.record.seats.some((s) => s.kind === "human" && s.guestKey === sub.guest);
    return sub.viewer === "spectator" && !seatedAccount && !seatedGuest;
  }

  /** The latest messages `sub` may read, oldest first (hidden ones are read by nobody). */
  historyFor(sub: Subscriber): ChatMessage[] {
    return (this.messages ?? [])
      .filter((m) => m.hidden !== true && this.canRead(sub, m.channel) && !this.blocked(sub, m))
      .slice(-CHAT_HISTORY)
      .map(publicMessage);
  }

  /** The reader's account blocks the writer's (social.ts): the message is not sent to it. */
  private blocked(sub: Subscriber, message: ChatRecord): boolean {
    const policy = this.table.env.policy;
    if (!policy || !message.author) return false;
    const reader = sub.account ?? (typeof sub.viewer === "number" ? this.table.record.seats[sub.viewer]?.player : null);
    return policy.hides(reader, message.author);
  }

  /** A moderator hid a stored message: it leaves memory's copy and every client's chat here. */
  hide(id: number): void {
    const index = this.messages?.findIndex((m) => m.id === id) ?? -1;
    if (index >= 0) this.messages![index] = { ...this.messages![index]!, hidden: true };
    const out: ServerOut = { type: "chat-hidden", id };
    for (const s of this.table.audience.subscribers) s.send(out);
  }

  /**
   * A chat message from a connection: a seat writes in the players' channel, a spectator in the
   * spectators'. Checked (length, characters, rate) where the client is; the owner then stores it (`post`).
   */
  async draft(sub: Subscriber, raw: { text: string; name?: string | undefined }): Promise<ChatDraft> {
    const live = this.table;
    const { storage, clock, log } = live.env;
    if (!live.audience.has(sub)) throw new HubError("not-authorized", "say hello first");
    const text = parseChatText(raw.text);
    if (!text.ok) throw new HubError(text.error.code, text.error.message, text.error.params);
    let name: string | null = null;
    if (typeof sub.viewer === "number") name = live.record.seats[sub.viewer]!.name;
    else if (raw.name !== undefined && raw.name.trim() !== "") {
      const parsed = parseDisplayName(raw.name);
      if (!parsed.ok) throw new HubError(parsed.error.code, parsed.error.message, parsed.error.params);
      name = parsed.value;
      // A spectator signs with an account's name only when logged in as that account, as at a join.
      const holder = await storage.playerByNameKey(nameKey(name)).catch((error: Error) => {
        log(`table ${live.record.id}: storage: reading a player failed: ${error.message}`);
        throw new HubError("unavailable", "storage is unavailable, try again");
      });
      if (holder && holder.id !== sub.account) throw new HubError("account-name", `"${name.slice(0, 40)}" is an account's name: log in as it, or choose another name`);
    }
    // A spectator's rate goes with its address: reconnecting does not refill it.
    const key: unknown = typeof sub.viewer === "number" ? `seat:${sub.viewer}` : sub.address !== undefined ? `address:${sub.address}` : sub;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(1000 / CHAT_EVERY_MS, CHAT_BURST, clock.now())));
    const wait = bucket.take(clock.now());
    if (wait > 0) throw new HubError("chat-too-fast", `at most ${CHAT_BURST} chat messages at once, then one every ${CHAT_EVERY_MS / 1000} s`, { retryAfterMs: wait });
    return {
      channel: sub.viewer === "spectator" ? "spectators" : "players",
      seat: typeof sub.viewer === "number" ? sub.viewer : null,
      name,
      text: text.value,
    };
  }

  /** Numbers, stores and sends a checked chat message (on the table's owner). */
  post(draft: ChatDraft): Promise<number> {
    const live = this.table;
    return live.serialize(async () => {
      await this.ensure();
      const message: ChatRecord = { id: this.next, ...draft, at: live.env.clock.now() };
      await write(live.env, null, "a chat message", () => live.env.storage.appendChat(live.record.id, message)).catch((error: unknown) => {
        // Its id may be taken (a message this process missed): the next one reads the chat again first.
        this.messages = null;
        this.loading = null;
        throw error;
      });
      live.env.coordinator?.chatted(live.record.id, message);
      this.keep(message);
      return message.id;
    });
  }

  /** A stored chat message: kept in memory and sent to this process's clients who may read it. */
  keep(message: ChatRecord): void {
    // Not loaded yet: the load reads it from storage with the rest.
    if (this.messages !== null && message.id >= this.next) {
      this.next = message.id + 1;
      this.messages.push(message);
      if (this.messages.length > CHAT_KEPT) this.messages.splice(0, this.messages.length - CHAT_KEPT);
    }
    const out: ServerOut = { type: "chat", message: publicMessage(message) };
    for (const s of this.table.audience.subscribers) if (this.canRead(s, message.channel) && !this.blocked(s, message)) s.send(out);
  }
}
