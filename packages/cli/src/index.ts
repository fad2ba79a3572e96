// @grimoire/cli: the command line, usable in-process (tests, other tools).
export { buildProgram, run } from "./main.ts";
export { CliError, defaultContext, type CliContext } from "./context.ts";
export { playInTerminal, type TerminalGame } from "./commands/play.ts";
export { simulate, summaryText, type SimulationSummary } from "./commands/simulate.ts";
export { CLI_TEXT, languageFromEnv, wordsFor } from "./text/index.ts";
