// A bot worker thread: loads the game catalog, then answers decision requests. It receives a
// seat's VIEW and legal actions only (never the state), like every bot. It also reviews decisions
// (post-game reviews, hints) with the game's reviewer, from the seat's view too.
import { parentPort, workerData } from "node:worker_threads";
import { decisionRng, reviewDecision, type AnyGame } from "@grimoire/engine";
import type { BotRequest, BotReply, ReviewRequest } from "./bots.ts";
import { nameThread, THREAD_NAMES } from "./threads.ts";

nameThread(THREAD_NAMES.bot);

const { catalogUrl } = workerData as { catalogUrl: string };
const catalog = (await import(catalogUrl)) as { games: readonly AnyGame[] };

parentPort!.on("message", (request: BotRequest | ReviewRequest) => {
  let reply: BotReply;
  try {
    const game = catalog.games.find((g) => g.id === request.game);
    if (!game) throw new Error(`unknown game ${request.game}`);
    if ("kind" in request && request.kind === "review") {
      const context = { view: request.view, seat: request.seat, legal: request.legal, rng: decisionRng(request.seed, request.index) };
      parentPort!.postMessage({ id: request.id, ok: true, review: reviewDecision(game, game.reviewer, context, request.chosen, request.index) } satisfies BotReply);
      return;
    }
    if (!("bot" in request)) throw new Error("not a bot request");
    const info = game.bots[request.bot];
    if (!info) throw new Error(`${game.id}: unknown bot ${request.bot}`);
    const action = info.create().decide({ view: request.view, seat: request.seat, legal: request.legal, rng: request.rng });
    reply = { id: request.id, ok: true, action };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true });
