// A bench client process: drives human seats as fast as acks come back (each against a bot on
// the server, a new table when a match ends) with spectators on every table, or holds idle
// connections. Prints one JSON line of results. The argument is a JSON `ClientJob`.
import { WebSocket } from "ws";

export interface ClientJob {
  port: number;
  kind: "grimoire" | "echo";
  mode: "play" | "idle";
  game: string;
  matches: number;
  /** Spectators per match. */
  spectators: number;
  seconds: number;
  /** idle: connections to hold, and the table to hello (grimoire). */
  connections?: number;
  table?: string;
  /** Several processes: the tables are created on `port`, the player and spectators connect round the others. */
  ports?: number[];
}

const job = JSON.parse(process.argv[2]!) as ClientJob;
const base = `http://127.0.0.1:${job.port}`;
const url = `ws://127.0.0.1:${job.port}/ws`;

type Message = { type: string; [key: string]: unknown };

let turn = 0;
/** With several processes, each connection goes to the next one (the first to another than the table's creator). */
function open(): Promise<WebSocket> {
  const ports = job.ports;
  const target = ports && ports.length > 1 ? `ws://127.0.0.1:${ports[++turn % ports.length]}/ws` : url;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(target);
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

async function post(path: string, body: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return response.json();
}

const latencies: number[] = [];
let errors = 0;
let matchesPlayed = 0;
const until = Date.now() + job.seconds * 1000;

/** One seat against a bot, acting at once whenever asked; a new table after each match. */
async function playGrimoire(): Promise<void> {
  while (Date.now() < until) {
    const created = await post("/api/tables", { game: job.game, seats: [{ kind: "open" }, { kind: "bot", level: "easy" }] });
    const id = created.table.id as string;
    const joined = await post(`/api/tables/${id}/join`, { name: "Bench" });
    const spectators = await Promise.all(Array.from({ length: job.spectators }, open));
    for (const s of spectators) s.send(JSON.stringify({ type: "hello", tableId: id }));
    const ws = await open();
    await new Promise<void>((resolve) => {
      let sentAt = 0;
      let pendingRef: string | null = null;
      let acted = -1;
      let n = 0;
      const act = (m: Message) => {
        const decision = m.decision as { seats: number[]; type: string };
        const legal = m.legal as { action: unknown }[] | null;
        if (pendingRef || Date.now() >= until || !decision.seats.includes(0) || !legal || legal.length === 0 || acted === m.version) return;
        acted = m.version as number;
        pendingRef = `r${n++}`;
        sentAt = performance.now();
        ws.send(JSON.stringify({ type: "act", action: legal[Math.floor(Math.random() * legal.length)]!.action, ref: pendingRef }));
      };
      let latest: Message | null = null;
      ws.on("message", (data) => {
        const m = JSON.parse(data.toString()) as Message;
        if (m.type === "ack" && m.ref === pendingRef) {
          latencies.push(performance.now() - sentAt);
          pendingRef = null;
          if (latest) act(latest);
        } else if (m.type === "error") {
          errors++;
          pendingRef = null;
        } else if (m.type === "sync" || m.type === "update") {
          latest = m;
          act(m);
        } else if (m.type === "over") {
          matchesPlayed++;
          resolve();
        }
      });
      ws.send(JSON.stringify({ type: "hello", tableId: id, token: joined.token }));
      const timer = setInterval(() => {
        if (Date.now() >= until) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
    });
    ws.close();
    for (const s of spectators) s.close();
  }
}

/** The same loop against the echo server: act, wait for the ack, act again. */
async function playEcho(room: string): Promise<void> {
  const spectators = await Promise.all(Array.from({ length: job.spectators }, open));
  for (const s of spectators) s.send(JSON.stringify({ type: "hello", room }));
  const ws = await open();
  ws.send(JSON.stringify({ type: "hello", room }));
  // An update of the size Grimoire sends for a two-player Abraca…What? table.
  const pad = "x".repeat(1500);
  await new Promise<void>((resolve) => {
    let sentAt = 0;
    let n = 0;
    const act = () => {
      if (Date.now() >= until) return resolve();
      sentAt = performance.now();
      ws.send(JSON.stringify({ type: "act", ref: `r${n++}`, pad }));
    };
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as Message;
      if (m.type === "welcome") act();
      else if (m.type === "ack") {
        latencies.push(performance.now() - sentAt);
        act();
      }
    });
  });
  ws.close();
  for (const s of spectators) s.close();
}

async function holdIdle(): Promise<void> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < job.connections!; i++) {
    const ws = await open();
    ws.send(JSON.stringify(job.kind === "grimoire" ? { type: "hello", tableId: job.table } : { type: "hello", room: "idle" }));
    sockets.push(ws);
  }
  process.stdout.write("READY\n");
  await new Promise((r) => process.stdin.once("data", r));
  for (const ws of sockets) ws.terminate();
}

if (job.mode === "idle") await holdIdle();
else await Promise.all(Array.from({ length: job.matches }, (_, i) => (job.kind === "grimoire" ? playGrimoire() : playEcho(`room${process.pid}-${i}`))));
process.stdout.write(`${JSON.stringify({ latencies: latencies.map((l) => Math.round(l * 100) / 100), errors, matchesPlayed })}\n`);
process.exit(0);
