// Debian's nginx in front of test servers, with deploy/nginx.conf's rules (its upstream and
// listen lines replaced): a non-daemon child process with its own prefix, pid, temp and log paths
// in a temp directory, on a free loopback port.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";

export const NGINX = "/usr/sbin/nginx";
export const hasNginx = existsSync(NGINX);
const SHIPPED = new URL("../../../../deploy/nginx.conf", import.meta.url);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** deploy/nginx.conf with these upstream servers, listening on `port`. */
export function siteConfig(ports: readonly number[], port: number): string {
  const shipped = readFileSync(SHIPPED, "utf8");
  const servers = ports.map((p) => `    server 127.0.0.1:${p};`).join("\n");
  const site = shipped.replace(/(upstream grimoire \{\n\s*hash [^\n]*\n)(\s*server [^\n]*\n)+/, `$1${servers}\n`).replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(servers) || !site.includes(`listen 127.0.0.1:${port};`)) throw new Error("deploy/nginx.conf: upstream grimoire or listen 80 not found");
  return site;
}

export interface Nginx {
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  errors(): string;
  stop(): Promise<void>;
}

export async function startNginx(ports: readonly number[], track: (child: ChildProcess) => ChildProcess = (c) => c): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), "grimoire-nginx-"));
  const port = await freePort();
  writeFileSync(join(dir, "grimoire.conf"), siteConfig(ports, port));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${join(dir, t)};`).join("\n");
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
master_process on;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  include ${join(dir, "grimoire.conf")};
}
`,
  );
  const child = track(spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], { stdio: ["ignore", "inherit", "inherit"] }));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errors = () => (existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : "");
  const until = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > until) throw new Error(`nginx did not listen on ${port}: ${errors()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
