// The catalog the server tests use: the engine's sealed-bids fixture (a simultaneous step,
// hidden hands, a follow-up choice) first, then every registered game.
import type { AnyGame } from "@grimoire/engine";
import { games as registered } from "@grimoire/catalog";
import { biddingGame } from "../../../engine/test/fixtures/bidding.ts";

export const games: readonly AnyGame[] = [biddingGame, ...registered];
