// Changes forwarded between processes (cluster.ts): a change asked where a table is only followed
// is sent to its owner's inbox as a call, and the owner answers in the caller's inbox. Each call
// waits for its answer, its timeout, or its owner's loss of the table, whichever comes first.
import { randomBytes } from "./random.ts";
import { HubError } from "./tables/types.ts";
import type { InboxMessage } from "./cluster-redis.ts";

interface Pending {
  table: string;
  owner: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class PendingCalls {
  private readonly calls = new Map<string, Pending>();

  constructor(private readonly timeoutMs: number) {}

  /** A call about to be sent to `owner`: its id, and its answer (rejected at the timeout). */
  open(table: string, owner: string): { id: string; answer: Promise<unknown> } {
    const id = randomBytes(9).toString("base64url");
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new HubError("unavailable", "the table's process did not answer, try again", { retryAfterMs: 1000 }));
      }, this.timeoutMs);
      this.calls.set(id, { table, owner, resolve, reject, timer });
    });
    // The owner may answer before the call is even sent on (two connections): handled from now on.
    answer.catch(() => {});
    return { id, answer };
  }

  /** The owner's answer. */
  answered(message: Extract<InboxMessage, { kind: "reply" }>): void {
    const call = this.take(message.id);
    if (!call) return;
    if (message.ok) call.resolve(message.value);
    else call.reject(new HubError(message.error.code, message.error.message, message.error.params));
  }

  /** Refused now (its owner is gone, the server closes). */
  fail(id: string, error: HubError): void {
    this.take(id)?.reject(error);
  }

  /** Calls whose owner lost the table (it died): refused now rather than at their timeout. */
  async abandon(ownerOf: (table: string) => Promise<string | null>): Promise<void> {
    for (const [id, call] of [...this.calls]) {
      if ((await ownerOf(call.table)) === call.owner || !this.calls.has(id)) continue;
      // Not `moved`: the owner may have made the change before it died; the client asks again, knowing more.
      this.fail(id, new HubError("unavailable", "the table changed hands before it answered; try again", { retryAfterMs: 500 }));
    }
  }

  close(): void {
    for (const id of [...this.calls.keys()]) this.fail(id, new HubError("unavailable", "the server is restarting", { retryAfterMs: 1000 }));
  }

  private take(id: string): Pending | undefined {
    const call = this.calls.get(id);
    if (!call) return undefined;
    this.calls.delete(id);
    clearTimeout(call.timer);
    return call;
  }
}

/** The answer an owner sends back for a call it ran (or refused). */
export function replyTo(id: string, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): InboxMessage {
  if (outcome.ok) return { kind: "reply", id, ok: true, value: outcome.value };
  const { error } = outcome;
  return {
    kind: "reply",
    id,
    ok: false,
    error: error instanceof HubError ? { code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) } : { code: "internal", message: "internal error" },
  };
}
