// A profile's past games as its player sees them: who else sat at the table (accounts by name, to
// link to their profiles; guests by the name they gave; bots by level), the result for that player
// (won, lost, a draw, its place among more than two; aborted or abandoned when so) and how the
// match changed the player's rating when it did.
import type { BotLevel, PastGame } from "./protocol.ts";
import { INITIAL, ordinal, ranksOf } from "./ratings.ts";
import type { PlayerMatch } from "./storage.ts";

/** The account ids of every other seat in a page of matches (their names are read in one query). */
export function opponentAccounts(matches: readonly PlayerMatch[]): string[] {
  const ids = new Set<string>();
  for (const { link, table } of matches) for (const [s, seat] of table.seats.entries()) if (s !== link.seat && seat.player) ids.add(seat.player);
  return [...ids];
}

/** One past game for the profile; `names`: account id → current account name. */
export function pastGame({ link, table, rated, rating }: PlayerMatch, names: ReadonlyMap<string, string>): PastGame {
  const outcome = table.outcome;
  const seats = table.seats.length;
  const result: PastGame["result"] = !outcome ? "abandoned" : outcome.draw || outcome.winners.length === 0 ? "draw" : outcome.winners.includes(link.seat) ? "won" : "lost";
  // a place only where "won"/"lost" says too little: more than two seats, the match played out
  const place = outcome && seats > 2 ? ranksOf(outcome, seats, table.meta.resigned.map((r) => r.seat))[link.seat]! + 1 : null;
  const opponents = table.seats.flatMap((seat, s): PastGame["opponents"][number][] => {
    if (s === link.seat || seat.kind === "open") return [];
    if (seat.kind === "bot") return [{ seat: s, name: null, account: false, bot: (seat.level ?? "easy") as BotLevel }];
    const account = seat.player ? names.get(seat.player) : undefined;
    return [{ seat: s, name: account ?? seat.name, account: account !== undefined, bot: null }];
  });
  const change = rating ? Math.round((ordinal(rating.after) - ordinal(rating.before ?? INITIAL)) * 10) / 10 : null;
  return {
    table: table.id,
    game: table.game,
    at: table.createdAt,
    seat: link.seat,
    seats,
    result,
    place,
    aborted: table.meta.aborted === true,
    opponents,
    rated,
    ratingChange: change,
    replay: `/?replay=${table.id}`,
  };
}
