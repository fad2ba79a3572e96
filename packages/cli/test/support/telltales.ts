// English words that must not show in French output (issue #13): whole words, any case. French may
// say "tour" or "vous"; only these English words are forbidden.
export const TELLTALES = ["Seat", "turn", "draws", "rolls", "play", "discard", "point at", "you"] as const;

/** The telltales found in `text`. */
export function telltales(text: string): string[] {
  return TELLTALES.filter((word) => new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, "iu").test(text));
}
