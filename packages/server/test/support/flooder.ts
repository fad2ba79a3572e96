// A hostile client in its own process: floods tiny WebSocket frames and never reads a reply;
// when the server drops it, it connects again. Runs FLOOD_MS, then prints what it sent.
import { RawSocket, text } from "./raw-ws.ts";

const port = Number(process.argv[2]);
const until = Date.now() + Number(process.env.FLOOD_MS ?? 5000);
const batch = Buffer.concat(Array.from({ length: 2000 }, (_, i) => text({ type: "ping", ref: String(i) })));
let frames = 0;
let connections = 0;
let refused = 0;
while (Date.now() < until) {
  let raw: RawSocket;
  try {
    raw = await RawSocket.open(port, { read: false });
  } catch {
    refused++;
    await new Promise((r) => setTimeout(r, 10));
    continue;
  }
  connections++;
  const give = Date.now() + 3000;
  while (!raw.closed && Date.now() < until && Date.now() < give) {
    frames += 2000;
    if (!raw.write(batch)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          raw.socket.off("drain", done);
          resolve();
        };
        const timer = setTimeout(done, 50);
        raw.socket.once("drain", done);
      });
    } else await new Promise((r) => setImmediate(r));
  }
  raw.destroy();
}
process.stdout.write(`${JSON.stringify({ frames, connections, refused })}\n`);
process.exit(0);
