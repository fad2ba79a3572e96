// The folder template every game follows (docs/engine.md, "Adding a game"): the same file names
// for the same concern, one discriminant for phases, and every folder under games/ registered by
// one line in the catalog's manifests. Fails when a game's folder leaves the template.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { games, manifests } from "@grimoire/catalog";

const root = fileURLToPath(new URL("../../../games/", import.meta.url));
const folders = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());

/** One module (or folder) per concern, named the same in every game. */
export const TEMPLATE = [
  "README.md",
  "package.json",
  "src/index.ts", // the manifest of rules: one defineGame(...)
  "src/manifest.ts", // what the catalog derives: the game, its words
  "src/state.ts", // the state, its phase union, actions and events
  "src/data.ts", // vocabulary and components, as data
  "src/rules.ts", // setup, decision, legal actions, parseAction, apply
  "src/view.ts", // the one projection per viewer, resample, shuffleHidden
  "src/describe.ts", // actions, events and views as Messages
  "src/arrangement.ts", // fromArrangement, toArrangement
  "src/text/index.ts", // every word, in each language
  "src/text/en.ts",
  "src/text/fr.ts",
  "src/board/index.ts", // the web board (React)
  "src/board/Emblem.tsx",
  "src/bots/index.ts", // the bots and the levels
  "src/review.ts", // the post-game review
  "test/properties.test.ts", // the engine's property suite
] as const;

/** Names the template replaced: a concern under another name. */
const RETIRED = ["src/vocabulary.ts", "src/types.ts"];

describe("the games' folder template", () => {
  it("finds the four games' folders", () => {
    expect(folders.length).toBeGreaterThanOrEqual(4);
  });
  for (const id of folders) {
    describe(id, () => {
      const dir = join(root, id);
      it("has every file of the template", () => {
        expect(TEMPLATE.filter((file) => !existsSync(join(dir, file)))).toEqual([]);
      });
      it("names no concern another way, and keeps no module beside a folder of the same name", () => {
        expect(RETIRED.filter((file) => existsSync(join(dir, file)))).toEqual([]);
        const src = join(dir, "src");
        const besides = readdirSync(src).filter((name) => name.endsWith(".ts") && existsSync(join(src, name.slice(0, -3))) && statSync(join(src, name.slice(0, -3))).isDirectory());
        expect(besides).toEqual([]);
      });
      it("exports its rules and its manifest, and is registered by one manifest of the same id", () => {
        const exports = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { exports: Record<string, string> }).exports;
        expect(exports["."]).toBe("./src/index.ts");
        expect(exports["./manifest"]).toBe("./src/manifest.ts");
        expect(manifests.filter((m) => m.id === id)).toHaveLength(1);
      });
      it("discriminates its phases by `type`", () => {
        const game = games.find((g) => g.id === id)!;
        const state = game.setup({ seats: game.minSeats, options: game.optionsSchema.parse({}), seed: 1 }) as { phase?: Record<string, unknown> };
        expect(typeof state.phase?.["type"]).toBe("string");
        expect(state.phase).not.toHaveProperty("kind");
      });
    });
  }
});
