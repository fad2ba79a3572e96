// The web client's build stamp: which changes make `npm start` (and the browser tests) build the client again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtHash, clientSourceHash } from "../src/web-build.ts";

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "grimoire-web-build-"));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) write(root, path, text);
  return root;
}

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("the web client's source hash", () => {
  const files = {
    "packages/web/src/main.tsx": "main",
    "packages/web/index.html": "<html>",
    "packages/engine/src/game.ts": "engine",
    "packages/catalog/src/index.ts": "catalog",
    "games/shazamm/src/text/fr.ts": "Mur de feu",
    "games/shazamm/test/rules.test.ts": "a test",
    "packages/server/src/hub.ts": "server",
    "package-lock.json": "{}",
  };

  it("is the same for the same sources, and changes with any file the client is built from", () => {
    const root = tree(files);
    const before = clientSourceHash(root);
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    expect(clientSourceHash(root)).toBe(before);
    for (const path of ["packages/web/src/main.tsx", "packages/engine/src/game.ts", "packages/catalog/src/index.ts", "games/shazamm/src/text/fr.ts", "package-lock.json", "packages/web/index.html"]) {
      const changed = tree(files);
      write(changed, path, "edited");
      expect(clientSourceHash(changed), path).not.toBe(before);
    }
    // A new file counts too (a game's new board module).
    const added = tree(files);
    write(added, "games/shazamm/src/board/Bridge.tsx", "bridge");
    expect(clientSourceHash(added)).not.toBe(before);
  });

  it("ignores what the client is not built from (tests, the server)", () => {
    const root = tree(files);
    const before = clientSourceHash(root);
    write(root, "games/shazamm/test/rules.test.ts", "another test");
    write(root, "packages/server/src/hub.ts", "another server");
    expect(clientSourceHash(root)).toBe(before);
  });

  it("reads a build's stamp only where the build is whole", () => {
    const dist = tree({ "index.html": "<html>", ".source-hash": "0123456789abcdef\n" });
    expect(builtHash(dist)).toBe("0123456789abcdef");
    expect(builtHash(tree({ "index.html": "<html>" }))).toBeNull(); // built by hand: not ours to trust
    expect(builtHash(tree({ ".source-hash": "0123456789abcdef\n" }))).toBeNull(); // no page
  });
});
