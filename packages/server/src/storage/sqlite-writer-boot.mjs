// Worker entry: registers tsx in this thread, then loads SQLite's TypeScript writer.
import { register } from "tsx/esm/api";

register();
await import("./sqlite-writer.ts");
