// French elision before a name: "de" + "Alice" is written "d’Alice", "que" + "Hector" "qu’Hector".
// A catalogue cannot know whether the name it receives starts with a vowel, so the sentence is
// worded with "de {name}" and this helper, run on the worded sentence with the names it holds,
// elides where the name asks for it. A name's h counts as mute ("d’Hector", "d’Hugo").

const VOWEL_OR_H = /^[aeiouyhàâäéèêëîïôöûüœæ]/i;
const ELIDED: Readonly<Record<string, string>> = { de: "d’", De: "D’", que: "qu’", Que: "Qu’" };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether "de" before this name becomes "d’". */
export function elides(name: string): boolean {
  return VOWEL_OR_H.test(name.trim());
}

/** "de Alice" → "d’Alice" (and "que Alice" → "qu’Alice") for each name given that starts with a vowel or an h. */
export function elideBeforeNames(text: string, names: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const name of new Set(names)) {
    if (!name || !elides(name) || !out.includes(name)) continue;
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}’'_-])(de|De|que|Que) (${escape(name)})(?![\\p{L}\\p{N}])`, "gu"), (_, word: string, rest: string) => `${ELIDED[word]}${rest}`);
  }
  return out;
}

/**
 * Names listed after a "de" the sentence holds, the French way: each name after the first takes
 * its own "de", elided before a vowel or an h. ["Alice", "Bob"] → ["Alice", "de Bob"], and
 * ["Bob", "Alice"] → ["Bob", "d’Alice"]; joined by the language's list ("Alice et de Bob") inside
 * "En attente de {who}", the sentence's own "de" is then elided before the first name as before
 * ("En attente d’Alice et de Bob", "En attente de Bob et d’Alice").
 */
export function eachAfterDe(names: readonly string[]): string[] {
  return names.map((name, i) => (i === 0 ? name : `${elides(name) ? "d’" : "de "}${name}`));
}
