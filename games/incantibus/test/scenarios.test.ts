// Scenarios of any position (issue #17): the files in ../scenarios (half-way through an
// incantation, a room laid from stacked draws, a chosen sorcerer turned up), a scenario's forced
// dice choosing the draws, and actions naming components by stable names.
import { readFileSync } from "node:fs";
import { loadScenario, replayScenario, type LoadedScenario } from "@grimoire/engine";
import { describe, expect, it } from "vitest";
import { ROOMS, incantibusGame, tokenName, upgradeAction, type Event, type State } from "../src/index.ts";
import { arranged, game, names } from "./helpers.ts";

const file = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`../scenarios/${name}`, import.meta.url), "utf8"));
function load(raw: unknown): LoadedScenario {
  const loaded = loadScenario(raw, () => incantibusGame as never);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}
/** The scenario played to its end, with every event. */
function play(raw: unknown): { state: State; events: Event[] } {
  const events: Event[] = [];
  const result = replayScenario(load(raw), (step) => events.push(...(step.events as Event[])));
  if (!result.ok) throw new Error(result.error);
  return { state: result.value as State, events };
}
const roomId = (name: string) => ROOMS.findIndex((r) => r.name === name);

describe("scenario files", () => {
  it("half-way through an incantation: the spell card is chosen, then the wands swap and the room goes on", () => {
    const start = load(file("mid-incantation.json")).initial as State;
    expect(game.decision(start)).toMatchObject({ type: "turn", seat: 0, prompt: { key: "prompt.cast" } });
    expect(game.legalActions(start, 0)).toEqual(["Imperium", "Retiro", "Locus"].map((spell) => ({ type: "cast", spell })));
    const { state } = play(file("mid-incantation.json"));
    expect(names(state.trunks[0]!)).toEqual(["Spell", "Gold 3"]);
    expect(state.wands).toEqual([1, 4]);
    expect(state.roomTokens.map((t) => tokenName(t!.token))).toEqual(["Gui", "Vampire 5"]);
    expect(state.incantation).toBe(4);
    expect(state.phase.type).toBe("point");
  });

  it("a cleared room: the next one is laid with the stacked tokens, the row refilled with the stacked potion, whatever the seed", () => {
    for (const seed of [11, 12, 13]) {
      const { state } = play({ ...file("next-room.json"), seed });
      expect(state.room).toBe(roomId("Dortoir"));
      expect(state.roomTokens.map((t) => [tokenName(t!.token), t!.hidden])).toEqual([
        ["Pieu ailé", false], ["Citrouille", false], ["Spell", false], ["Vampire 3", false], ["Vampire 5", true], ["Gold 3", true], ["Spell", true],
      ]);
      expect(names(state.potionRow)).toEqual(["Potion red Citrouille+Citrouille", "Potion blue Mandragore+Mandragore", "Potion green Gui+Champignon"]);
      expect(state.next).toEqual({ visible: [], hidden: [], potions: [], grimoires: [], sorcerers: [] });
    }
  });

  it("the stacked tokens stay unseen: a view counts them in their pool and names none", () => {
    const start = load(file("next-room.json")).initial as State;
    const view = game.view(start, 0);
    expect(view.visiblePool).toBe(start.visiblePool.length + 4);
    expect(view.hiddenPool).toBe(start.hiddenPool.length + 3);
    expect(JSON.stringify(view)).not.toContain("next");
  });

  it("the sorcerer the arrangement names is the one turned face up, whatever the seed", () => {
    for (const seed of [11, 12, 13]) {
      const { state, events } = play({ ...file("next-sorcerer.json"), seed });
      expect(events.filter((e) => e.type === "sorcerer").map((e) => tokenName((e as { token: number }).token))).toEqual(["Night Knight"]);
      expect(state.sorcerers.map((s) => [tokenName(s!.token), s!.faceUp])).toEqual([["Dame Blanche", true], ["Dae Mago", false], ["Night Knight", true], ["Sensei Ramus", false]]);
    }
  });
});

describe("a scenario's forced dice", () => {
  // They were ignored: every draw used the generator directly (randomInt), which never reads the
  // forced results. A draw is now a die with as many faces as candidates (1: the first in the
  // order the arrangement gives), rolled through rollDie, which uses them first.
  const clearing = (dice: number[], seed: number) => ({
    game: "incantibus", seats: 2, seed, dice,
    arrangement: {
      wands: [4, 1], room: "Cuisine", rooms: ["Dortoir"], roomTokens: ["Gold 2", "Citrouille"],
      potionRow: ["Potion red Citrouille+Citrouille", "Potion blue Mandragore+Mandragore"],
      potionSupply: ["Potion green Citrouille+Mandragore", "Potion red Gui+Mandragore", "Potion blue Gui+Gui+Mandragore"],
      sorcerers: ["Dame Blanche", { token: "Dae Mago", faceUp: false }, { token: "Night Knight", faceUp: false }, { token: "Sensei Ramus", faceUp: false }],
      // The room's tokens are stacked, so the dice go to the potion refill and then to the sorcerer.
      next: { visible: ["Gui", "Gold 1", "Spell", "Pieu ailé"], hidden: ["Vampire 5", "Gold 3", "Spell"] },
    },
    actions: [
      { seat: 0, action: { type: "point", target: { type: "room", slot: 0, token: "Gold 2", twin: false } } },
      { seat: 1, action: { type: "point", target: { type: "room", slot: 1, token: "Citrouille", twin: false } } },
    ],
  });

  it("choose which potion refills the row and which face-down sorcerer turns up", () => {
    for (const seed of [1, 2, 3]) {
      const { state } = play(clearing([3, 2], seed));
      expect(tokenName(state.potionRow[2]!)).toBe("Potion blue Gui+Gui+Mandragore");
      // The second face-down sorcerer in crypt order.
      expect(state.sorcerers.map((s) => [tokenName(s!.token), s!.faceUp])).toEqual([["Dame Blanche", true], ["Dae Mago", false], ["Night Knight", true], ["Sensei Ramus", false]]);
    }
  });

  it("a die that does not fit its draw is reported against the action", () => {
    const loaded = load(clearing([9], 1));
    const supply = (loaded.initial as State).potionSupply.length;
    expect(replayScenario(loaded)).toEqual({ ok: false, error: `actions[1] (seat 1): forced die result 9 does not fit a d${supply}` });
  });

  it("without dice the draws come from the generator as before", () => {
    const a = play(clearing([], 1)).state;
    const b = play(clearing([], 1)).state;
    expect(a).toEqual(b);
  });
});

describe("actions name components by stable names", () => {
  const alkimia = (seed: number): State => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Spell", "Gold 2", "Gui"], spells: ["Alkimia"], trunks: [[], ["Gold 1", "Gold 1", "Gui", "Spell"]] }, "apprentice", seed);
    game.apply(s, 0, { type: "point", target: { type: "room", slot: 0, token: "Spell", twin: false } });
    game.apply(s, 1, { type: "point", target: { type: "room", slot: 1, token: "Gold 2", twin: false } });
    game.apply(s, 0, { type: "cast", spell: "Alkimia" });
    return s;
  };

  it("the same position dealt from other seeds offers the same actions; identical copies are one choice", () => {
    const legal = game.legalActions(alkimia(1), 0);
    expect(legal).toEqual(["Gold 1", "Gui", "Gold 2"].map((token) => ({ type: "steal", token, from: 1 })));
    for (const seed of [2, 3, 40]) expect(game.legalActions(alkimia(seed), 0)).toEqual(legal);
  });

  it("parseAction refuses the old shapes (internal ids) with a clear error", () => {
    const s = arranged(2, { wands: [4, 1], roomTokens: ["Pieu ailé", "Gold 1", "Gui"], potionRow: ["Potion green Gui+Champignon"], trunks: [["Gui", "Champignon"], []] });
    const refused = (raw: unknown) => {
      const parsed = game.parseAction(s, 0, raw);
      if (parsed.ok) throw new Error("accepted");
      return parsed.error;
    };
    expect(refused({ type: "point", target: { type: "potion", token: 70 } })).toEqual({
      code: "malformed-action", message: 'a potion is named, not numbered: {"type":"potion","potion":"Potion green Gui+Champignon"}',
    });
    expect(refused({ type: "point", target: { type: "room", slot: 0, token: 6, twin: false } }).message).toBe(
      'the token at a slot is named (as "Pieu ailé"), or null when face down, not numbered (e.g. {"type":"point","target":{"type":"room","slot":0,"token":"Pieu ailé","twin":false}})',
    );
    expect(refused({ type: "cast", card: 4 })).toMatchObject({ code: "malformed-action", message: expect.stringContaining('spell cards are named by their spell, not numbered: {"type":"cast","spell":"Retiro"}') });
    expect(refused({ type: "throw", token: 12 })).toMatchObject({ code: "malformed-action", message: expect.stringContaining("tokens are named") });
    expect(game.parseAction(s, 0, { type: "point", target: { type: "potion", potion: "Potion green Gui+Champignon" } }).ok).toBe(true);
  });

  it("an action of the old shape upgrades to the named one (for logs recorded before)", () => {
    expect(upgradeAction({ type: "point", target: { type: "potion", token: 70 } })).toEqual({ type: "point", target: { type: "potion", potion: "Potion green Gui+Champignon" } });
    expect(upgradeAction({ type: "point", target: { type: "room", slot: 0, token: 6, twin: false } })).toEqual({ type: "point", target: { type: "room", slot: 0, token: "Pieu ailé", twin: false } });
    expect(upgradeAction({ type: "cast", card: 4 })).toEqual({ type: "cast", spell: "Retiro" });
    expect(upgradeAction({ type: "retiro", token: 45 })).toEqual({ type: "retiro", token: "Vampire 5" });
    expect(upgradeAction({ type: "steal", token: 6, from: 1 })).toEqual({ type: "steal", token: "Pieu ailé", from: 1 });
    const today = { type: "throw", token: "Gui" };
    expect(upgradeAction(today)).toEqual(today);
    expect(upgradeAction("nonsense")).toBe("nonsense");
  });
});
