// The magic trunk (capacities, what fits) and paying requirements (potions, grimoires,
// sorcerers). Placement inside the trunk is automatic: a trunk is valid when some
// arrangement fits (ruling 1), so "rearranging" never needs a decision.
import { TOKENS, TRUNK, type Face, type Mode, type Requirement, type Slot } from "./data.ts";

export const face = (id: number): Face => {
  const t = TOKENS[id];
  if (!t) throw new Error(`no token ${id}`);
  return t.face;
};

/** The slot kind a token uses, or null for the unlimited stacks and the bag holes. */
export function slotOf(f: Face): Exclude<Slot, "bag"> | null {
  switch (f.kind) {
    case "weapon": return "weapon";
    case "monster": return "monster";
    case "gold": return "gold";
    case "ingredient": return "ingredient";
    case "potion": return "potion";
    case "grimoire": return "grimoire";
    case "spell": case "sorcerer": return null;
    case "special":
      switch (f.special) {
        case "Sacoche": return null;
        case "Ultimus": return "weapon";
        case "Pierre philosophale": return "ingredient";
        case "Fortuna": return "gold";
      }
  }
}

export const isSacoche = (id: number): boolean => { const f = face(id); return f.kind === "special" && f.special === "Sacoche"; };

/** Whether these tokens fit a trunk: overflow of each slot kind goes to the bags. */
export function fits(tokens: readonly number[], mode: Mode): boolean {
  const caps = TRUNK[mode];
  const used: Record<string, number> = {};
  let bags = caps.bag;
  for (const id of tokens) {
    if (isSacoche(id)) { bags++; continue; }
    const slot = slotOf(face(id));
    if (slot) used[slot] = (used[slot] ?? 0) + 1;
  }
  let overflow = 0;
  for (const [slot, n] of Object.entries(used)) overflow += Math.max(0, n - caps[slot as Slot]);
  return overflow <= bags;
}

export function goldOf(f: Face): number {
  if (f.kind === "gold") return f.value;
  if (f.kind === "special" && f.special === "Fortuna") return 3;
  return 0;
}

/** Magic points of one token in a trunk. */
export function pointsOf(id: number): number {
  const f = face(id);
  switch (f.kind) {
    case "gold": return f.value;
    case "monster": case "potion": case "grimoire": case "sorcerer": return f.points;
    case "spell": return 1;
    case "special": return goldOf(f);
    case "weapon": case "ingredient": return 0;
  }
}

/** Could this token be part of a payment for the requirement? (prunes the search) */
function relevant(req: Requirement, f: Face): boolean {
  switch (req.kind) {
    case "recipe": return (f.kind === "ingredient" && req.ingredients.includes(f.ingredient)) || (f.kind === "special" && f.special === "Pierre philosophale");
    case "any": return true;
    case "spells": return f.kind === "spell";
    case "special": return f.kind === "special";
    case "gold": return goldOf(f) > 0;
    case "weapons": case "sameWeapons": case "differentWeapons": return f.kind === "weapon";
    case "sameIngredients": case "differentIngredients": return f.kind === "ingredient";
    case "monster": return f.kind === "monster" && f.monster === req.monster;
    case "potion": return f.kind === "potion" && f.colour === req.colour;
    case "wand": return false;
  }
}

function maxSize(req: Requirement): number {
  switch (req.kind) {
    case "recipe": return req.ingredients.length;
    case "gold": return req.amount;
    case "monster": case "potion": return 1;
    case "wand": return 0;
    default: return req.count;
  }
}

/** Whether exactly these tokens pay the requirement (no token superfluous). */
export function isPayment(req: Requirement, faces: readonly Face[]): boolean {
  if (!faces.every((f) => relevant(req, f))) return false;
  switch (req.kind) {
    case "recipe": {
      if (faces.length !== req.ingredients.length) return false;
      const stones = faces.filter((f) => f.kind === "special").length;
      if (stones > 1) return false;
      const left = [...req.ingredients];
      for (const f of faces) {
        if (f.kind !== "ingredient") continue;
        const at = left.indexOf(f.ingredient);
        if (at < 0) return false;
        left.splice(at, 1);
      }
      return left.length === stones;
    }
    case "gold": {
      const values = faces.map(goldOf);
      const sum = values.reduce((a, b) => a + b, 0);
      return sum >= req.amount && sum - Math.min(...values) < req.amount;
    }
    case "sameWeapons": case "differentWeapons": {
      if (faces.length !== req.count) return false;
      const kinds = new Set(faces.map((f) => (f.kind === "weapon" ? f.weapon : "")));
      return req.kind === "sameWeapons" ? kinds.size === 1 : kinds.size === faces.length;
    }
    case "sameIngredients": case "differentIngredients": {
      if (faces.length !== req.count) return false;
      const kinds = new Set(faces.map((f) => (f.kind === "ingredient" ? f.ingredient : "")));
      return req.kind === "sameIngredients" ? kinds.size === 1 : kinds.size === faces.length;
    }
    case "wand": return false;
    default: return faces.length === maxSize(req);
  }
}

// A face's key, built once per token (payments compare faces at every step of their search).
const FACE_KEYS: readonly string[] = TOKENS.map((t) => JSON.stringify(t.face));
const faceKey = (id: number): string => {
  const key = FACE_KEYS[id];
  if (key === undefined) throw new Error(`no token ${id}`);
  return key;
};

/** Whether two tokens look the same face up (two Citrouilles, two Gold 1). */
export const sameFace = (a: number, b: number): boolean => faceKey(a) === faceKey(b);

/**
 * Every valid payment that extends `chosen` using tokens of `trunk` (ids), as lists of ids;
 * identical tokens are interchangeable, so only one id per face is tried at each step.
 * Stops after `limit` payments.
 */
export function payments(req: Requirement, chosen: readonly number[], trunk: readonly number[], limit = Infinity): number[][] {
  const pool = trunk.filter((id) => relevant(req, face(id))).sort((a, b) => faceKey(a).localeCompare(faceKey(b)) || a - b);
  const out: number[][] = [];
  const max = maxSize(req);
  const current = [...chosen];
  // A Sacoche may be paid (it is a special token) only if the tokens left still fit without its bag
  // (`trunk` no longer holds the tokens already chosen, so this is the trunk after the payment).
  // The expert capacities are used: they differ only by grimoire slots, and apprentice trunks hold none.
  const leavesRoom = (): boolean => {
    const paid = current.slice(chosen.length);
    return !current.some(isSacoche) || fits(trunk.filter((id) => !paid.includes(id)), "expert");
  };
  const recurse = (from: number): void => {
    if (out.length >= limit) return;
    if (current.length > 0 && isPayment(req, current.map(face))) { if (leavesRoom()) out.push([...current]); return; }
    if (current.length >= max) return;
    let lastKey = "";
    for (let i = from; i < pool.length; i++) {
      const key = faceKey(pool[i]!);
      if (key === lastKey) continue;
      lastKey = key;
      current.push(pool[i]!);
      // Identical faces may repeat: continue from i + 1 (the next copy is a different id).
      recurse(i + 1);
      current.pop();
    }
  };
  recurse(0);
  return out;
}

export const canPay = (req: Requirement, trunk: readonly number[]): boolean => req.kind !== "wand" && payments(req, [], trunk, 1).length > 0;

/** The tokens (one id per face) that can be thrown next towards paying `req`. */
export function nextPayments(req: Requirement, chosen: readonly number[], trunk: readonly number[]): number[] {
  const seen = new Map<string, number>();
  for (const payment of payments(req, chosen, trunk)) {
    for (const id of payment.slice(chosen.length)) {
      const key = faceKey(id);
      if (!seen.has(key) || seen.get(key)! > id) seen.set(key, id);
    }
  }
  return [...seen.values()].sort((a, b) => a - b);
}
