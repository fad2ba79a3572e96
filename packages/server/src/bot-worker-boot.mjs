// Worker entry: registers tsx in this thread, then loads the TypeScript bot worker.
import { register } from "tsx/esm/api";

register();
await import("./bot-worker.ts");
