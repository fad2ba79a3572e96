// Times a full review of one seat per game on hard-vs-medium records (2 players, default options):
// `npx tsx scripts/review-time.ts [game…]` (the table in docs/bots.md, "Post-game review and hints").
import { games } from "@grimoire/catalog";
import { createRng, playout, reviewRecord } from "@grimoire/engine";
const only = process.argv.slice(2);
for (const game of games.filter((g) => only.length === 0 || only.includes(g.id))) {
  let decisions = 0;
  let ms = 0;
  let longest = 0;
  let reviews = 0;
  for (const seed of [101, 102, 103]) {
    const initial = game.setup({ seats: 2, options: game.optionsSchema.parse({}), seed });
    const actions = playout(game, game.clone(initial), [game.bots[game.levels.hard]!.create(), game.bots[game.levels.medium]!.create()] as never, createRng(seed));
    for (const seat of [0, 1]) {
      const t = performance.now();
      const r = reviewRecord(game, game.reviewer, initial, actions, seat);
      const took = performance.now() - t;
      if (!r.ok) throw new Error(r.error);
      decisions += r.value.decisions.length;
      ms += took;
      longest = Math.max(longest, took);
      reviews++;
    }
  }
  console.log(`${game.id}: ${reviews} reviews, ${decisions} decisions rated; ${(ms / reviews / 1000).toFixed(2)} s per review (longest ${(longest / 1000).toFixed(2)} s), ${(ms / decisions).toFixed(0)} ms per decision`);
}
