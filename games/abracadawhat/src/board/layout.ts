// Where each seat sits around the board's table, seen by the reader: the reader at the bottom, then
// round the table in the order play passes (to the left: the next seat), so the left neighbour is on
// the reader's left and the right neighbour on the reader's right, as at a real table.
// Pure functions of the view (tested in packages/web/test/boards/abracadawhat.test.tsx).

/** The table's places: the grid areas of board.css. */
export const PLACES = ["me", "left", "top-left", "top", "top-right", "right"] as const;
export type Place = (typeof PLACES)[number];

/** Places by number of seats, for the reader and then each next seat to their left. */
const ROUND: Readonly<Record<number, readonly Place[]>> = {
  2: ["me", "top"],
  3: ["me", "left", "right"],
  4: ["me", "left", "top", "right"],
  5: ["me", "left", "top-left", "top-right", "right"],
};

/** Each seat's place; `anchor` is the seat at the bottom (the reader, or seat 0 for a spectator). */
export function seatPlaces(seats: number, anchor: number): Place[] {
  const round = ROUND[seats];
  if (!round) throw new Error(`abracadawhat board: no table for ${seats} seats`);
  return Array.from({ length: seats }, (_, seat) => round[(seat - anchor + seats) % seats]!);
}

/**
 * The seats a spell cast by `seat` reaches on each side: the nearest seat still in the round to its
 * left (the next seat: Blizzard) and to its right (the previous seat: Fireball), as the rules find them.
 */
export function neighboursOf(seats: number, life: readonly number[], seat: number): { left: number; right: number } {
  const nearest = (step: number) => {
    for (let i = 1; i < seats; i++) {
      const s = (seat + step * i + seats * seats) % seats;
      if ((life[s] ?? 0) > 0) return s;
    }
    return seat;
  };
  return { left: nearest(1), right: nearest(-1) };
}
