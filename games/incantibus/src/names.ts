// Stable names of the components, from ./data.ts: what actions and arrangements write instead of
// the internal ids (a token's or card's index in the data), which identical copies share
// differently from one deal to the next. Never shown to players (the catalogues word them).
//  - `tokenName`: a token's face ("Vampire 5", "Gold 2", "Gui", "Potion green Gui+Champignon",
//    "Grimoire 2 gold", "Dae Mago"). Actions name tokens so: identical copies are interchangeable.
//  - `exactName`: one physical token, the face plus its copy ("Gold 1#3") when the box holds
//    several; arrangements written by toArrangement use it, so a position comes back token for token.
//  - spell cards: the spell ("Alkimia"), and "Alkimia#2" for one card of two.
import { SPELL_CARDS, TOKENS, type Requirement, type Spell, type TokenClass } from "./data.ts";
import { face } from "./trunk.ts";

function needName(r: Requirement): string {
  switch (r.kind) {
    case "recipe": return r.ingredients.join("+");
    case "any": return `any ${r.count}`;
    case "spells": return `${r.count} spell${r.count > 1 ? "s" : ""}`;
    case "special": return `${r.count} special`;
    case "gold": return `${r.amount} gold`;
    case "weapons": return `${r.count} weapons`;
    case "sameWeapons": return `${r.count} identical weapons`;
    case "differentWeapons": return `${r.count} different weapons`;
    case "sameIngredients": return `${r.count} identical ingredients`;
    case "differentIngredients": return `${r.count} different ingredients`;
    case "monster": return `1 ${r.monster}`;
    case "potion": return `1 ${r.colour} potion`;
    case "wand": return `wand ${r.wands.join(" or ")}`;
  }
}

function faceName(id: number): string {
  const f = face(id);
  switch (f.kind) {
    case "weapon": return f.weapon;
    case "ingredient": return f.ingredient;
    case "gold": return `Gold ${f.value}`;
    case "monster": return `${f.monster} ${f.points}`;
    case "spell": return "Spell";
    case "special": return f.special;
    case "potion": return `Potion ${f.colour} ${needName(f.need)}`;
    case "grimoire": return `Grimoire ${needName(f.need)}`;
    case "sorcerer": return f.name;
  }
}

/** Copies are numbered from 1 in data order; a name held by one item only has no number. */
function exactNames(names: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const n of names) count.set(n, (count.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((n) => {
    const copy = (seen.get(n) ?? 0) + 1;
    seen.set(n, copy);
    return count.get(n)! > 1 ? `${n}#${copy}` : n;
  });
}

const TOKEN_NAMES: readonly string[] = TOKENS.map((_, id) => faceName(id));
const EXACT_TOKEN_NAMES: readonly string[] = exactNames(TOKEN_NAMES);
const EXACT_CARD_NAMES: readonly string[] = exactNames(SPELL_CARDS);

/** A token's face name ("Vampire 5", "Gold 2", "Gui", "Dae Mago"): what actions say. */
export const tokenName = (id: number): string => {
  const name = TOKEN_NAMES[id];
  if (name === undefined) throw new Error(`no token ${id}`);
  return name;
};
/** One physical token: its face name, with its copy number when the box holds several ("Gold 1#3"). */
export const exactName = (id: number): string => EXACT_TOKEN_NAMES[id]!;
/** A spell card as arrangements write it: "Retiro", or "Alkimia#2" for one of two. */
export const exactCardName = (card: number): string => EXACT_CARD_NAMES[card]!;

const FIRST_ID = new Map<string, number>();
TOKEN_NAMES.forEach((n, id) => { if (!FIRST_ID.has(n)) FIRST_ID.set(n, id); });
/** The first token of this face name (any copy has the same face): for words and worth, not places. */
export function faceId(name: string): number {
  const id = FIRST_ID.get(name);
  if (id === undefined) throw new Error(`no token named "${name}"`);
  return id;
}
export const isTokenName = (name: string): boolean => FIRST_ID.has(name);

const BY_LOWER = new Map<string, number[]>();
const EXACT_LOWER = new Map<string, number>();
TOKEN_NAMES.forEach((n, id) => {
  BY_LOWER.set(n.toLowerCase(), [...(BY_LOWER.get(n.toLowerCase()) ?? []), id]);
  EXACT_LOWER.set(EXACT_TOKEN_NAMES[id]!.toLowerCase(), id);
});

/**
 * The token an arrangement names, not in `used`: an exact name ("Gold 1#3") is that copy; a face
 * name ("Gold 1"), optionally prefixed by its pool ("hidden:Gold 2"), is its first copy not used
 * (of one of `classes`, when given; one `avoid` does not reject, if any). Case-insensitive.
 */
export function tokenByName(name: string, used: ReadonlySet<number>, classes?: readonly TokenClass[], avoid?: (id: number) => boolean): number | null {
  const [cls, bare] = name.includes(":") ? (name.split(":", 2) as [string, string]) : [null, name];
  const key = bare.trim().toLowerCase();
  const fits = (id: number) => !used.has(id) && (cls === null || TOKENS[id]!.cls === cls) && (!classes || classes.includes(TOKENS[id]!.cls));
  const exact = EXACT_LOWER.get(key);
  if (exact !== undefined && key.includes("#")) return fits(exact) ? exact : null;
  const copies = (BY_LOWER.get(key) ?? []).filter(fits);
  return (avoid && copies.find((id) => !avoid(id))) ?? copies[0] ?? null;
}

/** Whether `name` (exact, or a face name for any copy; case-insensitive) names token `id`. */
export function tokenMatches(id: number, name: string): boolean {
  const key = name.trim().toLowerCase();
  return EXACT_TOKEN_NAMES[id]!.toLowerCase() === key || (!key.includes("#") && TOKEN_NAMES[id]!.toLowerCase() === key);
}

/** The first card of `among` this name gives ("Alkimia": either copy, "Alkimia#2": that one), case-insensitive. */
export function cardByName(name: string, among: readonly number[]): number | null {
  const key = name.trim().toLowerCase();
  for (const card of among) {
    if (EXACT_CARD_NAMES[card]!.toLowerCase() === key || (!key.includes("#") && SPELL_CARDS[card]!.toLowerCase() === key)) return card;
  }
  return null;
}

export const cardSpell = (card: number): Spell => SPELL_CARDS[card]!;

const isIndex = (value: unknown, length: number): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value < length;

/**
 * An action in the shape it had before actions named components (internal ids: `"token": 70`,
 * `"card": 4`), in today's shape. Every id indexes the data, so the name follows without the game:
 * for logs recorded before the change. Anything else comes back unchanged. (A log upgraded so
 * replays to the same game, but copies may sit in other places, so its events' ids may differ.)
 */
export function upgradeAction(raw: unknown): unknown {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const action = { ...(raw as Record<string, unknown>) };
  if (action["type"] === "cast" && isIndex(action["card"], SPELL_CARDS.length)) {
    return { type: "cast", spell: SPELL_CARDS[action["card"]] };
  }
  if (["throw", "pay", "steal", "retiro", "imperium"].includes(action["type"] as string) && isIndex(action["token"], TOKENS.length)) {
    action["token"] = TOKEN_NAMES[action["token"]];
  }
  const target = action["target"];
  if (action["type"] === "point" && target !== null && typeof target === "object" && !Array.isArray(target)) {
    const t = { ...(target as Record<string, unknown>) };
    if ((t["type"] === "potion" || t["type"] === "grimoire") && isIndex(t["token"], TOKENS.length)) {
      action["target"] = { type: t["type"], [t["type"] as string]: TOKEN_NAMES[t["token"]] };
    } else if ((t["type"] === "room" || t["type"] === "sorcerer") && isIndex(t["token"], TOKENS.length)) {
      action["target"] = { ...t, token: TOKEN_NAMES[t["token"]] };
    }
  }
  return action;
}
