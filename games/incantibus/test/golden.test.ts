// Golden playthrough: scenarios/golden-2p.json (a short recorded 2-player game) replayed through the
// engine; at each step we check what Cléo (seat 1) saw: the events as shown to her, and her view.
import { readFileSync } from "node:fs";
import { loadScenario, replayScenario } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { incantibusGame, tokenName, type Event, type State, type View } from "../src/index.ts";
import { id } from "./helpers.ts";

const raw = JSON.parse(readFileSync(new URL("../scenarios/golden-2p.json", import.meta.url), "utf8"));
const SEAT = 1;

/** Per action: the events Cléo was shown, then a summary of her view afterwards. */
const expected: { events: string[]; wands: number[]; room: string[]; crypt: string[]; chosen?: boolean[]; trunks: string[][]; moat: string[] }[] = [
  { events: ["Seat 1 has chosen"], wands: [4, 1], room: ["Pieu ailé", "?", "Spell", "Gold 2"], crypt: ["Le Comte Vlad", "?"], chosen: [true, false], trunks: [[], ["Gui", "Champignon"]], moat: [] },
  {
    events: ["Seat 2 has chosen", "Incanto! Seat 1 → room token #1, Seat 2 → room token #2", "Seat 1 takes Pieu ailé", "Seat 2 takes Vampire 5", "Vampire 5 escapes into the moat"],
    wands: [4, 1], room: ["Spell", "Gold 2"], crypt: ["Le Comte Vlad", "?"], chosen: [false, false], trunks: [["Pieu ailé"], ["Gui", "Champignon"]], moat: ["Vampire 5"],
  },
  { events: ["Seat 2 has chosen"], wands: [4, 1], room: ["Spell", "Gold 2"], crypt: ["Le Comte Vlad", "?"], chosen: [false, true], trunks: [["Pieu ailé"], ["Gui", "Champignon"]], moat: ["Vampire 5"] },
  {
    // Contest on the spell token: wand 4 takes it; its spell comes before the wand swap.
    events: ["Seat 1 has chosen", "Incanto! Seat 1 → room token #1, Seat 2 → room token #1", "Seat 1 takes Spell"],
    wands: [4, 1], room: ["Gold 2"], crypt: ["Le Comte Vlad", "?"], trunks: [["Pieu ailé", "Spell"], ["Gui", "Champignon"]], moat: ["Vampire 5"],
  },
  { events: ["Seat 1 casts Retiro"], wands: [4, 1], room: ["Gold 2"], crypt: ["Le Comte Vlad", "?"], trunks: [["Pieu ailé", "Spell"], ["Gui", "Champignon"]], moat: ["Vampire 5"] },
  {
    // Retiro fishes the monster out; then the swap; one token left: it falls, rows refill, the crypt.
    events: ["Seat 1 takes Vampire 5", "Seat 1 and Seat 2 swap wands (now 1 and 4)", "the room throws Gold 2 into the moat", "Into the crypt!"],
    wands: [1, 4], room: [], crypt: ["Le Comte Vlad", "?"], chosen: [false, false], trunks: [["Pieu ailé", "Spell", "Vampire 5"], ["Gui", "Champignon"]], moat: ["Gold 2"],
  },
  { events: ["Seat 2 has chosen"], wands: [1, 4], room: [], crypt: ["Le Comte Vlad", "?"], chosen: [false, true], trunks: [["Pieu ailé", "Spell", "Vampire 5"], ["Gui", "Champignon"]], moat: ["Gold 2"] },
  {
    // Cléo's green potion (wand 4 resolves first), then Aurélie throws her Vampire at Le Comte Vlad.
    events: [
      "Seat 1 has chosen", "Incanto! Seat 1 → sorcerer #1, Seat 2 → Potion green Gui+Champignon",
      "Seat 2 throws Champignon into the moat", "Seat 2 throws Gui into the moat", "Seat 2 takes Potion green Gui+Champignon",
      "Seat 1 throws Vampire 5 into the moat", "Seat 1 takes Le Comte Vlad",
    ],
    wands: [1, 4], room: [], crypt: ["?"], chosen: [false, false], trunks: [["Pieu ailé", "Spell", "Le Comte Vlad"], ["Potion green Gui+Champignon"]], moat: ["Gold 2", "Champignon", "Gui", "Vampire 5"],
  },
  { events: ["Seat 1 has chosen"], wands: [1, 4], room: [], crypt: ["?"], chosen: [true, false], trunks: [["Pieu ailé", "Spell", "Le Comte Vlad"], ["Potion green Gui+Champignon"]], moat: ["Gold 2", "Champignon", "Gui", "Vampire 5"] },
  {
    // Cléo (wand 4) faces the face-down sorcerer: Dae Mago wants 2 spells, she has none, he escapes; swap anyway.
    events: ["Seat 2 has chosen", "Incanto! Seat 1 → sorcerer #1, Seat 2 → sorcerer #1", "Sorcerer revealed: Dae Mago (7 pts, needs 2 spells)", "Dae Mago escapes into the moat", "Seat 2 and Seat 1 swap wands (now 1 and 4)", "Game over: 7 / 5; Seat 1 wins"],
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
      const events = (step.events as Event[]).flatMap((e) => { const shown = incantibusGame.eventFor(e, SEAT); return shown ? [incantibusGame.describeEvent(shown, SEAT)] : []; });
      const entry: (typeof expected)[number] = {
        events, wands: v.wands,
        room: v.roomTokens.flatMap((t) => (t ? [named(t.token)] : [])),
        crypt: v.sorcerers.flatMap((x) => (x ? [named(x.token)] : [])),
        trunks: v.trunks.map((t) => t.map(tokenName)), moat: v.moat.map(tokenName),
      };
      if (v.phase.kind === "point") {
        entry.chosen = v.phase.chosen;
        // Her view never shows another seat's sealed target: only her own.
        expect(v.phase.mine).toEqual(s.phase.kind === "point" ? s.phase.choices[SEAT] : null);
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
