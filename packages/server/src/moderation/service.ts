// Moderation as every part of the server sees it: the sanctions in force (mutes and bans, kept in
// memory, read from storage at start and after a lost Redis connection), the checks the chat, a
// `hello`, an act and a log-in make against them, the key guests' addresses are hashed with, and
// the changes moderators make: applied here and, with several processes, on every other one at
// once through Redis (moderation/bus.ts). Sanctions end on the injected clock: no timer, every
// check compares its end with `clock.now()`.
import { createHmac } from "node:crypto";
import { randomBytes } from "../random.ts";
import { HubError, type Clock } from "../hub.ts";
import type { SanctionKind, SanctionRecord } from "../storage/moderation.ts";
import type { Storage } from "../storage.ts";

/** What one process tells the others (and does itself) after a moderator's change is stored. */
export type ModerationEvent =
  | { kind: "sanction"; sanction: SanctionRecord }
  | { kind: "lift"; id: string }
  | { kind: "hide"; tableId: string; messageId: number };

/** Carries events to the other processes; `received` is called with theirs. */
export interface ModerationBus {
  publish(event: ModerationEvent): Promise<void>;
  close(): Promise<void>;
}

export interface ModerationEffects {
  /** A ban: every live connection of the account ends (it is told why). */
  endAccount(account: string, refusal: HubError): void;
  /** A hidden message leaves every open table's chat. */
  hideChat(tableId: string, messageId: number): void;
}

/** `until` as error params say it: epoch ms, or "never" (for good). */
export function untilParam(until: number | null): number | string {
  return until ?? "never";
}

export function newModerationId(): string {
  return randomBytes(9).toString("base64url");
}

export class Moderation {
  private key = "";
  private readonly sanctions = new Map<string, SanctionRecord>();
  private effects: ModerationEffects | null = null;
  bus: ModerationBus | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Reads the address key and the sanctions in force. */
  async start(): Promise<void> {
    this.key = await this.storage.addressKey();
    await this.reload();
  }

  /** The sanctions in force, as stored (another process's changes missed while Redis was away). */
  async reload(): Promise<void> {
    const active = await this.storage.activeSanctions(this.clock.now());
    this.sanctions.clear();
    for (const s of active) this.sanctions.set(s.id, s);
  }

  connect(effects: ModerationEffects): void {
    this.effects = effects;
  }

  /** A guest's address as storage keeps it: HMAC-SHA-256 with the installation's key (never the address). */
  hashAddress(address: string | undefined): string | null {
    if (address === undefined || address === "unknown") return null;
    return createHmac("sha256", this.key).update(address).digest("hex");
  }

  /** The sanction of `kind` in force now on the account or the address hash, the longest first. */
  private inForce(kind: SanctionKind, account: string | null, address: string | null): SanctionRecord | null {
    const now = this.clock.now();
    let found: SanctionRecord | null = null;
    for (const s of this.sanctions.values()) {
      if (s.kind !== kind || s.liftedAt !== null) continue;
      if (s.until !== null && s.until <= now) continue;
      const hits = (account !== null && s.player === account) || (address !== null && s.player === null && s.address === address);
      if (!hits) continue;
      if (!found || (found.until !== null && (s.until === null || s.until > found.until))) found = s;
    }
    return found;
  }

  banOf(account: string | null): SanctionRecord | null {
    return account === null ? null : this.inForce("ban", account, null);
  }

  muteOf(account: string | null, addressHash: string | null): SanctionRecord | null {
    // A logged-in account answers for itself; a guest for its address.
    return this.inForce("mute", account, account === null ? addressHash : null);
  }

  /** The `banned` refusal of an account, or null. */
  banRefusal(account: string | null): HubError | null {
    const ban = this.banOf(account);
    return ban ? refusal(ban) : null;
  }

  /**
   * A log-in: the ban as storage has it now (another process may have just banned the account;
   * its message may not have arrived yet), or null.
   */
  async storedBan(account: string): Promise<HubError | null> {
    const now = this.clock.now();
    const bans = (await this.storage.activeSanctions(now)).filter((s) => s.kind === "ban" && s.player === account);
    const longest = bans.find((s) => s.until === null) ?? bans.sort((a, b) => b.until! - a.until!)[0];
    return longest ? refusal(longest) : null;
  }

  /** Chat: refused to a banned account, to a muted account, and to a muted guest address. */
  checkChat(account: string | null, addressHash: string | null): void {
    const ban = this.banOf(account);
    if (ban) throw refusal(ban);
    const mute = this.muteOf(account, addressHash);
    if (mute) throw refusal(mute);
  }

  /** A change stored by this process: applied here, then told to the others. */
  async announce(event: ModerationEvent): Promise<void> {
    this.apply(event);
    await this.bus?.publish(event).catch((error: Error) => this.log(`moderation: telling the other processes failed: ${error.message}`));
  }

  /** A change (this process's or another's): the sanctions in memory and its effects. */
  apply(event: ModerationEvent): void {
    switch (event.kind) {
      case "sanction": {
        const s = event.sanction;
        this.sanctions.set(s.id, s);
        if (s.kind === "ban" && s.player !== null) this.effects?.endAccount(s.player, refusal(s));
        return;
      }
      case "lift":
        this.sanctions.delete(event.id);
        return;
      case "hide":
        this.effects?.hideChat(event.tableId, event.messageId);
        return;
    }
  }

  /** The sanctions in force now (the moderation page). */
  active(): SanctionRecord[] {
    const now = this.clock.now();
    return [...this.sanctions.values()].filter((s) => s.liftedAt === null && (s.until === null || s.until > now));
  }

  async close(): Promise<void> {
    await this.bus?.close();
  }
}

/** `muted` or `banned`, with when it ends (epoch ms, or "never") and the moderator's reason. */
export function refusal(s: SanctionRecord): HubError {
  const ends = s.until === null ? "for good" : `until ${new Date(s.until).toISOString()}`;
  return s.kind === "ban"
    ? new HubError("banned", `this account is banned ${ends}: ${s.reason}`, { until: untilParam(s.until), reason: s.reason })
    : new HubError("muted", `you are muted ${ends}: ${s.reason}`, { until: untilParam(s.until), reason: s.reason });
}
