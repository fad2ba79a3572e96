// Golden playthrough: scenarios/golden-2p.json (a short recorded 2-player game) replayed through the
// engine; at each step we check what Cléo (seat 1) saw: the events as shown to her (worded in English
// as her client shows them, Aurélie by name and Cléo as "you"), and her view.
import { readFileSync } from "node:fs";
import { loadScenario, replayScenario } from "@grimoire/engine";
import { formatLine } from "@grimoire/engine/text";
import { describe, expect, it } from "vitest";
import { incantibusGame, text, tokenName, type Event, type State, type View } from "../src/index.ts";
import { id } from "./helpers.ts";

const raw = JSON.parse(readFileSync(new URL("../scenarios/golden-2p.json", import.meta.url), "utf8"));
const SEAT = 1;

/** Per action: the events Cléo was shown, then a summary of her view afterwards. */
const expected: { events: string[]; wands: number[]; room: string[]; crypt: string[]; chosen?: boolean[]; trunks: string[][]; moat: string[] }[] = [
  { events: ["Aurélie has chosen a target"], wands: [4, 1], room: ["Pieu ailé", "?", "Spell", "Gold 2"], crypt: ["Le Comte Vlad", "?"], chosen: [true, false], trunks: [[], ["Gui", "Champignon"]], moat: [] },
  {
    events: ["You have chosen your target", "Incanto! Aurélie points at the Winged Stake and you point at the face-down token", "Aurélie takes the Winged Stake", "You take the Vampire (5 pts)", "The Vampire (5 pts) gets away from you and flees into the moat"],
    wands: [4, 1], room: ["Spell", "Gold 2"], crypt: ["Le Comte Vlad", "?"], chosen: [false, false], trunks: [["Pieu ailé"], ["Gui", "Champignon"]], moat: ["Vampire 5"],
  },
  { events: ["You have chosen your target"], wands: [4, 1], room: ["Spell", "Gold 2"], crypt: ["Le Comte Vlad", "?"], chosen: [false, true], trunks: [["Pieu ailé"], ["Gui", "Champignon"]], moat: ["Vampire 5"] },
  {
    // Contest on the spell token: wand 4 takes it; its spell comes before the wand swap.
    events: ["Aurélie has chosen a target", "Incanto! Aurélie points at the Spell token and you point at the Spell token", "Aurélie takes the Spell token"],
    wands: [4, 1], room: ["Gold 2"], crypt: ["Le Comte Vlad", "?"], trunks: [["Pieu ailé", "Spell"], ["Gui", "Champignon"]], moat: ["Vampire 5"],
  },
  { events: ["Aurélie casts Retiro"], wands: [4, 1], room: ["Gold 2"], crypt: ["Le Comte Vlad", "?"], trunks: [["Pieu ailé", "Spell"], ["Gui", "Champignon"]], moat: ["Vampire 5"] },
  {
    // Retiro fishes the monster out; then the swap; one token left: it falls, rows refill, the crypt.
    events: ["Aurélie takes the Vampire (5 pts)", "Aurélie and you swap wands (now wand 1 for Aurélie, wand 4 for you)", "The room’s last token, 2 Gold Coins, falls into the moat", "Into the crypt: the final showdown with the sorcerers!"],
    wands: [1, 4], room: [], crypt: ["Le Comte Vlad", "?"], chosen: [false, false], trunks: [["Pieu ailé", "Spell", "Vampire 5"], ["Gui", "Champignon"]], moat: ["Gold 2"],
  },
  { events: ["You have chosen your target"], wands: [1, 4], room: [], crypt: ["Le Comte Vlad", "?"], chosen: [false, true], trunks: [["Pieu ailé", "Spell", "Vampire 5"], ["Gui", "Champignon"]], moat: ["Gold 2"] },
  {
    // Cléo's green potion (wand 4 resolves first), then Aurélie throws her Vampire at Le Comte Vlad.
    events: [
      "Aurélie has chosen a target", "Incanto! Aurélie points at Count Vlad and you point at the Green Potion (Mistletoe + Mushroom)",
      "You throw the Mushroom into the moat", "You throw the Mistletoe into the moat", "You take the Green Potion (Mistletoe + Mushroom)",
      "Aurélie throws the Vampire (5 pts) into the moat", "Aurélie takes Count Vlad",
    ],
    wands: [1, 4], room: [], crypt: ["?"], chosen: [false, false], trunks: [["Pieu ailé", "Spell", "Le Comte Vlad"], ["Potion green Gui+Champignon"]], moat: ["Gold 2", "Champignon", "Gui", "Vampire 5"],
  },
  { events: ["Aurélie has chosen a target"], wands: [1, 4], room: [], crypt: ["?"], chosen: [true, false], trunks: [["Pieu ailé", "Spell", "Le Comte Vlad"], ["Potion green Gui+Champignon"]], moat: ["Gold 2", "Champignon", "Gui", "Vampire 5"] },
  {
    // Cléo (wand 4) faces the face-down sorcerer: Dae Mago wants 2 spells, she has none, he escapes; swap anyway.
    events: [
      "You have chosen your target", "Incanto! Aurélie points at the face-down sorcerer and you point at the face-down sorcerer",
      "A sorcerer is turned face up: Dae Mago, 7 pts, weakness: 2 Spell tokens", "Dae Mago resists you and escapes into the moat",
      "You and Aurélie swap wands (now wand 1 for you, wand 4 for Aurélie)", "Game over — Aurélie 7 pts and you 5 pts. Aurélie wins!",
    ],
    wands: [4, 1], room: [], crypt: [], trunks: [["Pieu ailé", "Spell", "Le Comte Vlad"], ["Potion green Gui+Champignon"]], moat: ["Gold 2", "Champignon", "Gui", "Vampire 5", "Dae Mago"],
  },
];

const named = (t: number | null) => (t === null ? "?" : tokenName(t));

describe("golden playthrough (scenarios/golden-2p.json)", () => {
  it("replays and Cléo sees exactly the recorded steps", () => {
    const loaded = loadScenario(raw, () => incantibusGame as never);
    if (!loaded.ok) throw new Error(loaded.error);
    const start = incantibusGame.view(loaded.value.initial as State, SEAT);
    // Before anything: the hidden token and the face-down sorcerer are unknown to her.
    expect(start.roomTokens.map((t) => named(t!.token))).toEqual(["Pieu ailé", "?", "Spell", "Gold 2"]);
    expect(start.sorcerers.map((s) => named(s!.token))).toEqual(["Le Comte Vlad", "?"]);
    const seen: typeof expected = [];
    const result = replayScenario(loaded.value, (step, state) => {
      const s = state as State;
      const v: View = incantibusGame.view(s, SEAT);
      const events = (step.events as Event[]).flatMap((e) => { const shown = incantibusGame.eventFor(e, SEAT); return shown ? [formatLine(text, "en", incantibusGame.describeEvent(shown, SEAT), { names: raw.seats, me: SEAT })] : []; });
      const entry: (typeof expected)[number] = {
        events, wands: v.wands,
        room: v.roomTokens.flatMap((t) => (t ? [named(t.token)] : [])),
        crypt: v.sorcerers.flatMap((x) => (x ? [named(x.token)] : [])),
        trunks: v.trunks.map((t) => t.map(tokenName)), moat: v.moat.map(tokenName),
      };
      if (v.phase.type === "point") {
        entry.chosen = v.phase.chosen;
        // Her view never shows another seat's sealed target: only her own.
        expect(v.phase.mine).toEqual(s.phase.type === "point" ? s.phase.choices[SEAT] : null);
      }
      seen.push(entry);
    });
    if (!result.ok) throw new Error(result.error);
    expect(seen).toEqual(expected);
    expect(incantibusGame.outcome(result.value as State)).toEqual({ winners: [0], scores: [7, 5], draw: false });
    // Retiro was the card used; the recorded game names real tokens.
    expect((result.value as State).trunks[0]).toContain(id("Le Comte Vlad"));
  });
});
