// Type-checks the browser client with its own DOM/JSX settings, once that workspace exists.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

if (existsSync("packages/web/tsconfig.json")) {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "packages/web/tsconfig.json"], { stdio: "inherit" });
}
