// Test servers in their own processes (support/child-server.ts): started with an environment,
// resolved once they print "PORT <n>", and all killed when the test file ends.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, inject } from "vitest";

const SCRIPT = fileURLToPath(new URL("./child-server.ts", import.meta.url));

/**
 * How a child server is started: from this run's JavaScript build (vitest.global-setup.ts), which
 * starts in half the CPU of tsx's, or through tsx where there is none (a runner without the setup).
 */
function command(): { args: string[]; env: NodeJS.ProcessEnv } {
  const bundle = inject("childServer");
  return bundle ? { args: [bundle.script], env: { CHILD_CATALOG: bundle.catalogUrl } } : { args: ["--import", "tsx", SCRIPT], env: {} };
}

export interface ChildServer {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  /** Resolves when the process has exited, however it ended. */
  readonly exited: Promise<void>;
  /** Everything it printed on stdout so far. */
  output(): string;
}

/** Spawns processes for one test file, and kills the ones still running after it. */
export function childProcesses(): { spawnServer(env: NodeJS.ProcessEnv): Promise<ChildServer>; track(child: ChildProcess): ChildProcess } {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  });
  const track = (child: ChildProcess) => {
    children.push(child);
    return child;
  };
  return {
    track,
    async spawnServer(env) {
      const how = command();
      const child = track(spawn(process.execPath, how.args, { env: { ...process.env, ...how.env, ...env }, stdio: ["ignore", "pipe", "inherit"] }));
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      const port = await new Promise<number>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const m = /PORT (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once("exit", (code, signal) => reject(new Error(`server exited before listening (${code ?? signal})`)));
      });
      let printed = "";
      child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
      return { child, port, url: `http://127.0.0.1:${port}`, exited, output: () => printed };
    },
  };
}
