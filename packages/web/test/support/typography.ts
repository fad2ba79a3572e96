// French typography, checked on any text (a catalogue's message, a page's visible text): a
// no-break space (U+00A0, the one the catalogues use; U+202F accepted) before « ; : ! ? » and
// inside « », and the elision of "de", "que", "le", "la" before a vowel or a mute h ("d’Alice",
// "d’Hector"). Returns one line per fault, with the words around it.

/** Brand names written as their makers write them. */
const BRANDS = ["Shazamm!"];
const NO_BREAK = "\u00a0\u202f";
/** Words starting with an aspirated h: no elision before them. */
const ASPIRATED = /^h(?:aut|asard|éros|ors|aine|uit|onte|âte|ache|aïr|alte|andicap|ampe|arpe|ibou|ublot)/i;

function around(text: string, at: number): string {
  return JSON.stringify(text.slice(Math.max(0, at - 24), at + 16));
}

export function frenchTypographyFaults(text: string): string[] {
  let checked = text;
  for (const brand of BRANDS) checked = checked.split(brand).join(brand.replace(/[!?]/g, "x"));
  checked = checked.replace(/::/g, "xx").replace(/(\d):(\d)/g, "$1x$2").replace(/https?:\/\//g, "xxxx//");
  const faults: string[] = [];
  for (const match of checked.matchAll(/[;:!?»]/g)) {
    const before = checked[match.index - 1];
    // a sign on its own (a face-down card's "?", at the start of a line) is not punctuation
    if (before === undefined || NO_BREAK.includes(before) || before === "\n" || before === "\t") continue;
    // "?!", "!!": the first one carries the space
    if ((match[0] === "!" || match[0] === "?") && (before === "!" || before === "?")) continue;
    faults.push(`no no-break space before “${match[0]}”: ${around(text, match.index)}`);
  }
  for (const match of checked.matchAll(/«/g)) {
    const after = checked[match.index + 1];
    if (after === undefined || !NO_BREAK.includes(after)) faults.push(`no no-break space after “«”: ${around(text, match.index)}`);
  }
  for (const match of checked.matchAll(/(?<![\p{L}\p{N}’'_-])([Dd]e|[Qq]ue|[Ll]e|[Ll]a) ([\p{L}]+)/gu)) {
    const word = match[2]!;
    if (!/^[aeiouyâàéèêëîïôûh]/i.test(word) || ASPIRATED.test(word)) continue;
    // "le un" is never written; but "de Y…" as a letter name, and "la une" are rare enough to list here
    faults.push(`“${match[1]} ${word}”: elide (${match[1]!.charAt(0)}’${word}): ${around(text, match.index)}`);
  }
  return faults;
}
