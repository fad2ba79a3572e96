// In-process harness: runs the CLI with the engine's test fixture registered (from its manifest), piped input and
// captured output.
import { Readable } from "node:stream";
import type { AnyGame } from "@grimoire/engine";
import { run } from "../../src/main.ts";
import type { CliContext } from "../../src/context.ts";
import { gamesOf } from "@grimoire/catalog";
import { biddingManifest } from "../../../engine/test/fixtures/bidding-manifest.ts";

// Registered as the catalog registers a game: its manifest, loaded.
export const fixtureGames: readonly AnyGame[] = await gamesOf([biddingManifest]);

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(
  args: readonly string[],
  input = "",
  extra: Partial<CliContext> = {},
  tty = false,
): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const games = extra.games ?? fixtureGames;
  const ctx: CliContext = {
    games,
    findGame: (id) => games.find((g) => g.id === id),
    stdin: Readable.from([input]),
    stdout: { write: (text: string) => (stdout += text), isTTY: tty },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    loadServer: async () => ({}),
    lang: "en",
    ...extra,
  };
  const code = await run(args, ctx);
  return { code, stdout, stderr };
}
