// What each viewer may see of a table, as plain functions of its match: the table's public
// information, the picture (`sync`), one version (`update`), the log, and the end (`over`).
// Every view and event goes through the game's own projection (`view`, `eventFor`).
import { waitingSeats, type AnyGame, type Decision, type Viewer } from "@grimoire/engine";
import type { ActorKind, DecisionInfo, FinalViews, LegalAction, LogEntry, OutcomeInfo, ServerOut, TableInfo } from "../protocol.ts";
import { hintsAllowed, ratingsApply } from "../rated.ts";
import type { TableRecord } from "../storage.ts";
import { isResigned, seatDeadline } from "./match.ts";
import type { Subscriber } from "./types.ts";

const MAX_LEGAL_LISTED = 300;

/** A table's match as the projections read it (a table actor is one). */
export interface Match {
  readonly record: TableRecord;
  readonly game: AnyGame;
  readonly state: unknown | null;
  readonly version: number;
  /** Raw events of each version (index version-1), to filter per viewer on catch-up. */
  readonly history: readonly { seat: number; by: ActorKind; events: unknown[] }[];
}

/** A table's public information; `elsewhere`: whether a seat is connected to another process. */
export function infoOf(r: TableRecord, game: AnyGame, subscribers: ReadonlySet<Subscriber>, elsewhere: (seat: number) => boolean = () => false): TableInfo {
  // A match aborted before everyone played (ratings.ts) counts for nothing: shown as unrated.
  const aborted = r.meta.aborted === true;
  // Abandoned by everyone (attendance.ts): no result, so nothing rated.
  const abandoned = r.meta.abandoned === true;
  const rated = ratingsApply(r) && !aborted && !abandoned;
  return {
    id: r.id,
    game: r.game,
    gameTitle: game.title,
    options: r.options,
    status: r.status,
    seats: r.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      name: s.name,
      ...(s.level !== null ? { level: s.level } : {}),
      connected: s.kind === "bot" || [...subscribers].some((sub) => sub.viewer === seat) || elsewhere(seat),
      botTakeover: s.takeover,
      ...(s.player ? { account: true } : {}),
      ...(rated && typeof s.rating === "number" ? { rating: s.rating } : {}),
      ...(s.takeover ? { takeoverReason: s.takeoverReason ?? "absent" } : {}),
    })),
    turnSeconds: r.turnSeconds,
    graceSeconds: r.graceSeconds,
    seedHash: r.status === "open" ? null : r.seedHash,
    invite: `/?table=${r.id}`,
    createdAt: r.createdAt,
    rated,
    mode: r.meta.mode,
    bankSeconds: r.meta.bankSeconds,
    banks: r.meta.banks,
    resigned: r.meta.resigned.map((x) => x.seat),
    removed: r.meta.resigned.flatMap((x) => (x.removedAt !== undefined && x.removedAt !== null ? [x.seat] : [])),
    rematch: { accepted: r.meta.rematchAccepted, next: r.meta.rematchNext, previous: r.meta.rematchOf },
    spectatorChat: r.meta.spectatorChat,
    hints: hintsAllowed(r),
    ...(r.meta.private === true ? { private: true } : {}),
    ...(r.meta.friendsOnly === true ? { friendsOnly: true } : {}),
    ...(r.meta.ratingRange ? { ratingRange: r.meta.ratingRange } : {}),
    ...(aborted ? { aborted: true } : {}),
    ...(abandoned ? { abandoned: true } : {}),
  };
}

export function decisionInfo(live: Match): DecisionInfo {
  const d: Decision = live.game.decision(live.state);
  // Ended by resignation: over, whatever the rules would ask next.
  if (live.record.status === "over" || d.type === "over") return { type: "over", seats: [], prompt: null, deadline: null };
  const seats = d.type === "turn" ? [d.seat] : [...d.seats];
  const banked = live.record.meta.banks !== null && live.record.deadline !== null ? { seatDeadlines: seats.map((seat) => ({ seat, deadline: seatDeadline(live.record, seat)! })) } : {};
  return { type: d.type, seats, prompt: d.prompt, deadline: live.record.deadline, ...banked };
}

export function legalFor(live: Match, viewer: Viewer): LegalAction[] | null {
  if (viewer === "spectator" || live.record.status !== "playing" || isResigned(live.record, viewer)) return [];
  const d: Decision = live.game.decision(live.state);
  if (!waitingSeats(d).includes(viewer)) return [];
  if (live.game.sampleActions) return null;
  const legal: unknown[] = live.game.legalActions(live.state, viewer);
  if (legal.length > MAX_LEGAL_LISTED) return null;
  return legal.map((action) => ({ action, label: live.game.describeAction(action) }));
}

export function sync(live: Match, viewer: Viewer): ServerOut {
  const over = live.record.status === "over";
  return {
    type: "sync",
    version: live.version,
    view: live.game.view(live.state, viewer),
    decision: decisionInfo(live),
    legal: legalFor(live, viewer),
    outcome: live.record.outcome,
    seed: over ? live.record.seed : null,
    seedHash: live.record.seedHash,
  };
}

/** Version `version` as `viewer` may see it (the view and decision are the latest). */
export function update(live: Match, version: number, viewer: Viewer): ServerOut {
  const entry = live.history[version - 1]!;
  const events = entry.events.map((e) => live.game.eventFor(e, viewer)).filter((e) => e !== null);
  return {
    type: "update",
    version,
    actor: entry.seat,
    by: entry.by,
    events,
    view: live.game.view(live.state, viewer),
    decision: decisionInfo(live),
    legal: legalFor(live, viewer),
  };
}

/** Every version so far as `viewer` may see it (versions showing it nothing left out). */
export function logMessage(live: Match, viewer: Viewer): ServerOut {
  const entries: LogEntry[] = [];
  live.history.forEach((entry, i) => {
    const events = entry.events.map((e) => live.game.eventFor(e, viewer)).filter((e) => e !== null);
    if (events.length > 0) entries.push({ version: i + 1, actor: entry.seat, by: entry.by, events });
  });
  return { type: "log", version: live.version, entries };
}

/** Once over, nothing is secret any more (the seed is revealed): every seat's final view, and the full view. */
export function finalViews(live: Match): FinalViews {
  const { game, state } = live;
  return {
    seats: live.record.seats.map((_, seat) => game.view(state, seat)),
    full: game.fullView ? game.fullView(state) : null,
  };
}

export function overMessage(live: Match): ServerOut {
  return {
    type: "over",
    version: live.version,
    outcome: live.record.outcome,
    seed: live.record.seed,
    seedHash: live.record.seedHash,
    final: finalViews(live),
  };
}

