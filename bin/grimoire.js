#!/usr/bin/env node
// Entry point for `npx grimoire …` and `npm start`: runs the TypeScript CLI through tsx.
import { register } from "tsx/esm/api";

register();
await import("../packages/cli/src/main.ts");
