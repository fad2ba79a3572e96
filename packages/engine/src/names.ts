// Names for bots at a table: distinct, so three bots of one level are never three identical labels.
// Proper names of legendary enchanters, the same in every language (the level is worded apart).
export const BOT_NAMES = ["Merlin", "Morgane", "Viviane", "Mélusine", "Circé", "Nimue", "Prospero", "Médée", "Cassandre", "Taliesin"] as const;

/** A distinct name for each of `count` bots, starting at a rotation picked by `offset` (e.g. from the table id). */
export function botNames(count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, i) => {
    const base = BOT_NAMES[(offset + i) % BOT_NAMES.length]!;
    const round = Math.floor(i / BOT_NAMES.length);
    return round === 0 ? base : `${base} ${round + 1}`;
  });
}
