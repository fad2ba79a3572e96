// A bench client process: drives human seats as fast as acks come back (each against a bot on
// the server, a new table when a match ends) with spectators on every table (`play`), or both
// seats of human-vs-human tables, each seat acting when it is its turn, at once or after a think
// time (`hvh`), or sets tables up and leaves them (`setup`: what a table costs before its first act), or holds
// idle connections. Prints one JSON line of results. The argument is a JSON `ClientJob`.
import { WebSocket } from "ws";

export interface ClientJob {
  port: number;
  kind: "grimoire" | "echo";
  mode: "play" | "hvh" | "setup" | "idle";
  game: string;
  /** play: seats against a bot; hvh: human-vs-human tables (two seats, two connections); setup: set-ups under way at once. */
  matches: number;
  /** Spectators per match. */
  spectators: number;
  seconds: number;
  /** idle: connections to hold, and the table to hello (grimoire). */
  connections?: number;
  table?: string;
  /** Several processes: the tables are created on `port`, the player and spectators connect round the others. */
  ports?: number[];
  /**
   * Several processes: `spread`, each connection to the next process (the worst case: most changes
   * forwarded); `table`, a table's connections all to one process picked from its id, as the
   * documented load-balancer rule does (deploy/nginx.conf).
   */
  placement?: "spread" | "table";
  /** hvh: how long a seat thinks once it is its turn before it acts (ms; 0: at once). */
  thinkMs?: number;
}

const job = JSON.parse(process.argv[2]!) as ClientJob;
const url = `ws://127.0.0.1:${job.port}/ws`;

type Message = { type: string; [key: string]: unknown };

let turn = 0;
/** A table's process under the `table` placement: a hash of its id. */
function hashed(table: string, count: number): number {
  let h = 0;
  for (const c of table) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % count;
}

/**
 * With several processes, each connection goes to the next one (the first to another than the
 * table's creator), or with the `table` placement to its table's process.
 */
function open(table?: string): Promise<WebSocket> {
  const ports = job.ports;
  const index = job.placement === "table" && table !== undefined && ports ? hashed(table, ports.length) : ++turn;
  const target = ports && ports.length > 1 ? `ws://127.0.0.1:${ports[index % ports.length]}/ws` : url;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(target);
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/**
 * A request about table `table` goes, with the `table` placement, to its process, as
 * deploy/nginx.conf sends `/api/tables/<id>/…` (so the process that takes the first join owns the
 * table where its clients are); otherwise, and for a new table, to `port`.
 */
async function post(path: string, body: unknown, table?: string): Promise<any> {
  const ports = job.ports;
  const port = job.placement === "table" && table !== undefined && ports && ports.length > 1 ? ports[hashed(table, ports.length)] : job.port;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return response.json();
}

const latencies: number[] = [];
let errors = 0;
/** Refused acts by error code. */
const refused: Record<string, number> = {};
let matchesPlayed = 0;
/** Tables this client created and sat at (hvh, setup). */
let tablesSetUp = 0;
const began = Date.now();
/** This process's CPU time when play began: the clients share the server's cores, and the bench reports what they used. */
const cpuAtStart = process.cpuUsage();
const until = began + job.seconds * 1000;
/**
 * This client's phase is over: its time is up, and it has had an act acknowledged. On a loaded
 * machine its first table may take longer to set up than a short phase lasts, and a phase without
 * one ack (for `setup`, one table set up) measures nothing (a minute more at most).
 */
const over = (): boolean => Date.now() >= until && (latencies.length > 0 || (job.mode === "setup" && tablesSetUp > 0) || Date.now() >= until + 60_000);
const think = job.thinkMs ?? 0;
/** `send` now, or after the seat's think time. */
const afterThinking = (send: () => void): void => void (think > 0 ? setTimeout(send, think) : send());

/** One seat against a bot, acting at once whenever asked; a new table after each match. */
async function playGrimoire(): Promise<void> {
  while (!over()) {
    const created = await post("/api/tables", { game: job.game, seats: [{ kind: "open" }, { kind: "bot", level: "easy" }] });
    const id = created.table.id as string;
    const joined = await post(`/api/tables/${id}/join`, { name: "Bench" }, id);
    const spectators = await Promise.all(Array.from({ length: job.spectators }, () => open(id)));
    for (const s of spectators) s.send(JSON.stringify({ type: "hello", tableId: id }));
    const ws = await open(id);
    await new Promise<void>((resolve) => {
      let sentAt = 0;
      let pendingRef: string | null = null;
      let acted = -1;
      let n = 0;
      const act = (m: Message) => {
        const decision = m.decision as { seats: number[]; type: string };
        const legal = m.legal as { action: unknown }[] | null;
        if (pendingRef || over() || !decision.seats.includes(0) || !legal || legal.length === 0 || acted === m.version) return;
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
          refused[m.code as string] = (refused[m.code as string] ?? 0) + 1;
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
        if (over()) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
    });
    ws.close();
    for (const s of spectators) s.close();
  }
}

/** A new table of two open seats, both joined, a connection open for each (not said hello yet). */
async function humanTable(): Promise<{ id: string; tokens: string[]; sockets: WebSocket[] }> {
  const created = await post("/api/tables", { game: job.game, seats: [{ kind: "open" }, { kind: "open" }] });
  const id = created.table.id as string;
  const tokens: string[] = [];
  for (const seat of [0, 1]) tokens.push((await post(`/api/tables/${id}/join`, { name: `Bench${seat}`, seat }, id)).token as string);
  return { id, tokens, sockets: await Promise.all([open(id), open(id)]) };
}

/**
 * A table of two human seats, both driven here over their own connections, each acting (at once
 * or after its think time) with a legal action whenever the decision names its seat; a new table
 * after each match.
 */
async function playHumans(): Promise<void> {
  while (!over()) {
    const { id, tokens, sockets } = await humanTable();
    tablesSetUp++;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (over()) finish();
      }, 100);
      const finish = () => {
        clearInterval(timer);
        resolve();
      };
      sockets.forEach((ws, seat) => {
        let sentAt = 0;
        let pendingRef: string | null = null;
        let acted = -1;
        let latest: Message | null = null;
        let n = 0;
        const act = (m: Message) => {
          const decision = m.decision as { seats: number[] };
          const legal = m.legal as { action: unknown }[] | null;
          if (pendingRef || over() || !decision.seats.includes(seat) || !legal || legal.length === 0 || acted === m.version) return;
          acted = m.version as number;
          const ref = `s${seat}r${n++}`;
          pendingRef = ref;
          afterThinking(() => {
            sentAt = performance.now();
            ws.send(JSON.stringify({ type: "act", action: legal[Math.floor(Math.random() * legal.length)]!.action, ref }));
          });
        };
        ws.on("message", (data) => {
          const m = JSON.parse(data.toString()) as Message;
          if (m.type === "ack" && m.ref === pendingRef) {
            latencies.push(performance.now() - sentAt);
            pendingRef = null;
            if (latest) act(latest);
          } else if (m.type === "error") {
            errors++;
            refused[m.code as string] = (refused[m.code as string] ?? 0) + 1;
            // Refused: nothing changed, so no update will come; act again from what is known.
            pendingRef = null;
            acted = -1;
            if (latest) act(latest);
          } else if (m.type === "sync" || m.type === "update") {
            latest = m;
            act(m);
          } else if (m.type === "over") {
            if (seat === 0) matchesPlayed++;
            finish();
          }
        });
        ws.send(JSON.stringify({ type: "hello", tableId: id, token: tokens[seat] }));
      });
    });
    for (const ws of sockets) ws.close();
  }
}

/**
 * What an hvh table costs before its first act, and after its last, as `playHumans` does it: the
 * table created, both seats joined, both players connected and synced, both connections closed.
 */
async function setUpTables(): Promise<void> {
  while (!over()) {
    const { id, tokens, sockets } = await humanTable();
    await Promise.all(
      sockets.map(
        (ws, seat) =>
          new Promise<void>((resolve) => {
            ws.on("message", (data) => {
              if ((JSON.parse(data.toString()) as Message).type === "sync") resolve();
            });
            ws.send(JSON.stringify({ type: "hello", tableId: id, token: tokens[seat] }));
          }),
      ),
    );
    for (const ws of sockets) ws.close();
    tablesSetUp++;
  }
}

/** Two clients in a room of the echo server taking turns: each acts when the other's update arrives (after its think time). */
async function playEchoTurns(room: string): Promise<void> {
  const sockets = await Promise.all([open(), open()]);
  const pad = "x".repeat(1500);
  await new Promise<void>((resolve) => {
    let welcomed = 0;
    const acts: (() => void)[] = [];
    sockets.forEach((ws, seat) => {
      let sentAt = 0;
      let n = 0;
      const act = () => {
        if (over()) return resolve();
        sentAt = performance.now();
        ws.send(JSON.stringify({ type: "act", ref: `s${seat}r${n++}`, pad }));
      };
      ws.on("message", (data) => {
        const m = JSON.parse(data.toString()) as Message;
        if (m.type === "welcome" && ++welcomed === 2) acts[0]!();
        else if (m.type === "ack") latencies.push(performance.now() - sentAt);
        else if (m.type === "update") afterThinking(act);
      });
      acts[seat] = act;
      ws.send(JSON.stringify({ type: "hello", room }));
    });
  });
  for (const ws of sockets) ws.close();
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
      if (over()) return resolve();
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
else if (job.mode === "setup") await Promise.all(Array.from({ length: job.matches }, setUpTables));
else if (job.mode === "hvh") await Promise.all(Array.from({ length: job.matches }, (_, i) => (job.kind === "grimoire" ? playHumans() : playEchoTurns(`turns${process.pid}-${i}`))));
else await Promise.all(Array.from({ length: job.matches }, (_, i) => (job.kind === "grimoire" ? playGrimoire() : playEcho(`room${process.pid}-${i}`))));
// began / ended: this process's playing time (epoch ms), its start-up left out; cpuMs: its CPU
// time over that time (user + system). Exit once the line is written: a long one to a pipe is
// written asynchronously, and exit would cut it.
const { user, system } = process.cpuUsage(cpuAtStart);
process.stdout.write(`${JSON.stringify({ latencies: latencies.map((l) => Math.round(l * 100) / 100), errors, refused, matchesPlayed, tablesSetUp, began, ended: Date.now(), cpuMs: (user + system) / 1000 })}\n`, () => process.exit(0));
