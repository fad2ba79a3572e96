// `grimoire verify FILE`: checks a finished match downloaded from the server
// (GET /api/tables/:id/record). The seed must hash to the seed hash every seat received at the
// start, and replaying the seed and the actions through the engine must give every action as
// legal, the same events (their hash) and the same outcome: so every deal and roll was fair.
import { createHash } from "node:crypto";
import type { Command } from "commander";
import { deepEqual, loadScenario, replayScenario, type AnyGame } from "@grimoire/engine";
import { CliError, defaultContext, print, type CliContext } from "../context.ts";
import { readJsonFile } from "./replay.ts";

export interface VerifyReport {
  readonly ok: boolean;
  /** One line per check, "ok: …" or "MISMATCH: …". */
  readonly lines: readonly string[];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Verifies an untrusted match record; never throws on bad input. */
export function verifyRecord(raw: unknown, findGame: (id: string) => AnyGame | undefined): VerifyReport {
  const lines: string[] = [];
  let ok = true;
  const fail = (line: string) => {
    ok = false;
    lines.push(`MISMATCH: ${line}`);
  };
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { ok: false, lines: ["MISMATCH: the file is not a match record (a JSON object)"] };
  const { seedHash, outcome, eventsHash, ...envelope } = raw as Record<string, unknown>;
  if (typeof seedHash !== "string") fail("the record has no seedHash");
  else if (typeof envelope.seed !== "string") fail("the record has no hex seed");
  else if (sha256(envelope.seed) !== seedHash.toLowerCase()) fail(`seed ${envelope.seed} does not hash to the announced ${seedHash}`);
  else lines.push(`ok: the seed hashes to the seed hash announced at the start (${seedHash.slice(0, 16)}…)`);

  const loaded = loadScenario(envelope, findGame);
  if (!loaded.ok) return { ok: false, lines: [...lines, `MISMATCH: not a valid record: ${loaded.error}`] };
  const { game } = loaded.value;
  const events: unknown[][] = [];
  const replayed = replayScenario(loaded.value, (step) => events.push([...step.events]));
  if (!replayed.ok) return { ok: false, lines: [...lines, `MISMATCH: replay failed at ${replayed.error}`] };
  lines.push(`ok: all ${loaded.value.actions.length} actions are legal when replayed from the seed`);
  const state = replayed.value;
  if (game.decision(state).type !== "over") fail("the replayed match is not over");
  if (eventsHash !== undefined) {
    if (sha256(JSON.stringify(events)) === eventsHash) lines.push("ok: the replay produces exactly the recorded events (every deal and roll)");
    else fail("the replayed events differ from the events the server recorded");
  }
  const replayedOutcome = game.outcome(state);
  if (outcome === undefined) fail("the record has no outcome");
  else if (!replayedOutcome || !deepEqual({ winners: replayedOutcome.winners, scores: replayedOutcome.scores, draw: replayedOutcome.draw }, outcome)) {
    fail(`the replayed outcome ${JSON.stringify(replayedOutcome)} differs from the recorded ${JSON.stringify(outcome)}`);
  } else lines.push(`ok: same outcome (winners ${JSON.stringify(replayedOutcome.winners)}, scores ${JSON.stringify(replayedOutcome.scores)})`);
  return { ok, lines };
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("verify")
    .description("check a finished match record from the server: seed hash, every deal and roll, outcome")
    .argument("<file>", "a match record (GET /api/tables/<id>/record)")
    .action((file: string) => {
      const report = verifyRecord(readJsonFile(file), ctx.findGame);
      for (const line of report.lines) print(ctx, line);
      if (!report.ok) throw new CliError(`${file}: verification FAILED`);
      print(ctx, `${file}: verified`);
    });
}
