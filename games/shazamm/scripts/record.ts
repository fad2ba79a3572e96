// Records a full bot game as a scenario file (envelope of packages/engine/src/scenario.ts).
// Looks for the first seed whose game asks every follow-up choice (Clone, Larcin, Recyclage).
// Usage: node --import tsx games/shazamm/scripts/record.ts > games/shazamm/test/scenarios/full-game.json
import { createRng, playout, shuffle, unwrap, type Bot } from "@grimoire/engine";
import { SPELLS, shazammGame } from "../src/index.ts";

for (let seed = 1; seed < 5000; seed++) {
  const deal = createRng(seed);
  const decks = [shuffle(deal, [...SPELLS]), shuffle(deal, [...SPELLS])];
  const arrangement = { decks };
  const setup = { seats: 2, options: shazammGame.optionsSchema.parse({}), seed };
  const state = unwrap(shazammGame.fromArrangement(setup, arrangement));
  const bots = [shazammGame.bots["zone2"]!.create(), shazammGame.bots["random"]!.create()] as Bot<unknown, unknown>[];
  const played = playout(shazammGame, state, bots, createRng(seed + 1));
  const types = new Set(played.map((p) => (p.action as { type: string }).type));
  const outcome = shazammGame.outcome(state)!;
  if (!types.has("clone") || !types.has("larcin") || !types.has("recycle") || outcome.draw || state.round < 3) continue;
  const file = {
    game: "shazamm",
    title: "A full game: zone2 (Seat 1) against random (Seat 2)",
    description: `Base game, decks given top first. Recorded with scripts/record.ts (seed ${seed}); Seat ${outcome.winners[0]! + 1} wins in round ${state.round}.`,
    seats: ["zone2", "random"],
    options: {},
    seed,
    arrangement,
    actions: played,
  };
  // One action per line, so the file reads as a log.
  const { actions, ...head } = file;
  const text = JSON.stringify(head, null, 2).replace(/\n}$/, "");
  const lines = actions.map((a) => `    ${JSON.stringify(a)}`).join(",\n");
  console.log(`${text.replace(/\[\s+([\d,\s]+?)\s+\]/g, (_, list: string) => `[${list.replace(/\s+/g, " ")}]`)},\n  "actions": [\n${lines}\n  ]\n}`);
  break;
}
