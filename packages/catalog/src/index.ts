// The registration of every game: the one place outside a game's folder that names it.
import type { AnyGame } from "@grimoire/engine";
import { abracadawhatGame } from "@grimoire/abracadawhat";
import { emmerlausGame } from "@grimoire/emmerlaus";
import { incantibusGame } from "@grimoire/incantibus";
import { shazammGame } from "@grimoire/shazamm";

export const games: readonly AnyGame[] = [abracadawhatGame, emmerlausGame, incantibusGame, shazammGame];

export function findGame(id: string): AnyGame | undefined {
  return games.find((game) => game.id === id);
}
