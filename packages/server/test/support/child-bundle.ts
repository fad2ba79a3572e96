// The test servers' processes (child-server.ts) run from one JavaScript build of the server, made
// once per test run (vitest's globalSetup), instead of through tsx. Under tsx every thread of a
// process (the event loop, the SQLite writer, each bot worker) starts its own loader thread and
// sends every module through it: a start and its first write took 3.5 s of CPU on the 2-core
// machine, 1.5 s from the build, and the crash-at-every-write tests start hundreds of servers.
// The build holds the same sources, bundled by esbuild (which tsx itself uses to strip the
// types), so what runs is what the sources say:
// - the project's own modules (ours and the games', `@grimoire/*`) are bundled, split into shared
//   chunks so the catalog and the server load each module once; dependencies stay imports of
//   node_modules (the build sits in node_modules/.cache, so Node finds them);
// - each module keeps its own `import.meta.url` (its source file's), so the files it reads beside
//   it (a game's puzzles) are found as under tsx; only the worker threads' entries are looked up
//   beside the build, where their bundled entries are written under the names the server asks for;
// - the test catalog is an entry of its own, passed to the server and its bot workers.
import { readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
/** One directory per test run (a run's teardown removes its own), so two runs never share one. */
const BUILDS = `${REPO}node_modules/.cache/grimoire-child-server`;
const SERVER_SRC = `${REPO}packages/server/src/`;

/** Worker entries that the server finds beside itself: `new URL("./<name>.mjs", import.meta.url)`. */
const WORKERS = { "sqlite-writer-boot": `${SERVER_SRC}storage/sqlite-writer.ts`, "bot-worker-boot": `${SERVER_SRC}bot-worker.ts` } as const;

const ownSources: Plugin = {
  name: "grimoire-sources",
  setup(b) {
    // Bare imports: ours are bundled, every dependency is left to Node.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@grimoire/") || args.kind === "entry-point" ? undefined : { path: args.path, external: true }));
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const own = JSON.stringify(pathToFileURL(args.path).href);
      // A worker's entry is found beside the build; every other `import.meta.url` is the source's own.
      const contents = source
        .split("\n")
        .map((line) => (/-boot\.mjs"/.test(line) ? line : line.replaceAll("import.meta.url", own)))
        .join("\n");
      return { contents, loader: args.path.endsWith("x") ? "tsx" : "ts" };
    });
  },
};

export interface ChildBundle {
  /** The child server's script, run with plain `node`. */
  script: string;
  /** The test catalog's build: the server's `catalogUrl` (child-server.ts reads CHILD_CATALOG). */
  catalogUrl: string;
  remove(): void;
}

/** Builds the child server, its worker threads and the test catalog into a directory of this run's own. */
export async function buildChildBundle(): Promise<ChildBundle> {
  const dir = `${BUILDS}/${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  removeOrphans();
  await build({
    entryPoints: {
      "child-server": fileURLToPath(new URL("./child-server.ts", import.meta.url)),
      "test-catalog": fileURLToPath(new URL("./catalog.ts", import.meta.url)),
      ...WORKERS,
    },
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "error",
    plugins: [ownSources],
  });
  return { script: `${dir}/child-server.mjs`, catalogUrl: pathToFileURL(`${dir}/test-catalog.mjs`).href, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Builds left by runs that were killed before their teardown: their process is gone. */
function removeOrphans(): void {
  let names: string[];
  try {
    names = readdirSync(BUILDS);
  } catch {
    return;
  }
  for (const name of names) if (/^\d+$/.test(name) && !alive(Number(name))) rmSync(`${BUILDS}/${name}`, { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, as another user's process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
