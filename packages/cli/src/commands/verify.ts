// `grimoire verify FILE`: checks a finished match downloaded from the server
// (GET /api/tables/:id/record). The seed must hash to the seed hash every seat received at the
// start, and replaying the seed and the actions through the engine must give every action as
// legal, the same events (their hash) and the same outcome: so every deal and roll was fair.
import { createHash } from "node:crypto";
import type { Command } from "commander";
import { deepEqual, endedByResignation, loadScenario, msg, outcomeWithResignations, replayRemovals, replayScenario, type AnyGame, type Resignation, type Language, type MessageParams } from "@grimoire/engine";
import { CliError, defaultContext, print, type CliContext } from "../context.ts";
import { wordsFor } from "../text/index.ts";
import { readJsonFile } from "./replay.ts";

export interface VerifyReport {
  readonly ok: boolean;
  /** One line per check, "ok: …" or "MISMATCH: …", in the language asked. */
  readonly lines: readonly string[];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Verifies an untrusted match record; never throws on bad input. */
export function verifyRecord(raw: unknown, findGame: (id: string) => AnyGame | undefined, lang: Language = "en"): VerifyReport {
  const words = wordsFor(lang);
  const lines: string[] = [];
  let ok = true;
  const pass = (key: string, params?: MessageParams) => lines.push(words.phrase("cli.verify.ok", { check: msg(key, params) }));
  const fail = (key: string, params?: MessageParams) => {
    ok = false;
    lines.push(words.phrase("cli.verify.mismatch", { check: msg(key, params) }));
  };
  const failed = (key: string, params?: MessageParams): VerifyReport => {
    fail(key, params);
    return { ok: false, lines };
  };
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return failed("cli.verify.notRecord");
  const { seedHash, outcome, eventsHash, resigned: rawResigned, ...envelope } = raw as Record<string, unknown>;
  const resigned = parseResignations(rawResigned);
  if (resigned === null) return failed("cli.verify.badResigned");
  if (typeof seedHash !== "string") fail("cli.verify.noSeedHash");
  else if (typeof envelope.seed !== "string") fail("cli.verify.noSeed");
  else if (sha256(envelope.seed) !== seedHash.toLowerCase()) fail("cli.verify.seedDiffers", { seed: envelope.seed, hash: seedHash });
  else pass("cli.verify.seed", { hash: seedHash.slice(0, 16) });

  const loaded = loadScenario(envelope, findGame);
  if (!loaded.ok) return failed("cli.verify.invalid", { detail: loaded.error });
  const { game } = loaded.value;
  const events: unknown[][] = [];
  // A seat the game took out after a resignation: its events belong to that version (engine's resign.ts).
  const replayed = replayScenario(loaded.value, (step, state) => events.push([...step.events, ...replayRemovals(game, state, resigned, step.index + 1)]));
  if (!replayed.ok) return failed("cli.verify.replay", { detail: replayed.error });
  pass("cli.verify.legal", { count: loaded.value.actions.length });
  const state = replayed.value;
  const seats = loaded.value.names.length;
  if (resigned.length > 0) pass("cli.verify.resigned", { seats: resigned.map((r) => r.seat + 1).join(", ") });
  if (game.decision(state).type !== "over" && !endedByResignation(seats, resigned)) fail("cli.verify.notOver");
  if (eventsHash !== undefined) {
    if (sha256(JSON.stringify(events)) === eventsHash) pass("cli.verify.events");
    else fail("cli.verify.eventsDiffer");
  }
  const replayedOutcome = outcomeWithResignations(game.outcome(state), seats, resigned);
  if (outcome === undefined) fail("cli.verify.noOutcome");
  else if (!replayedOutcome || !deepEqual({ winners: replayedOutcome.winners, scores: replayedOutcome.scores, draw: replayedOutcome.draw }, outcome)) {
    fail("cli.verify.outcomeDiffers", { replayed: JSON.stringify(replayedOutcome), recorded: JSON.stringify(outcome) });
  } else pass("cli.verify.outcome", { winners: JSON.stringify(replayedOutcome.winners), scores: JSON.stringify(replayedOutcome.scores) });
  return { ok, lines };
}

/** The record's resignations ([{seat, version}], none when absent), or null when malformed. */
function parseResignations(raw: unknown): Resignation[] | null {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return null;
  const out: Resignation[] = [];
  for (const r of raw) {
    const { seat, version, removedAt } = (r ?? {}) as { seat?: unknown; version?: unknown; removedAt?: unknown };
    if (!Number.isInteger(seat) || !Number.isInteger(version) || (seat as number) < 0 || (version as number) < 0) return null;
    if (removedAt !== undefined && removedAt !== null && (!Number.isInteger(removedAt) || (removedAt as number) <= (version as number))) return null;
    out.push({ seat: seat as number, version: version as number, ...(typeof removedAt === "number" ? { removedAt } : {}) });
  }
  return out;
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("verify")
    .description("check a finished match record from the server: seed hash, every deal and roll, outcome")
    .argument("<file>", "a match record (GET /api/tables/<id>/record)")
    .action((file: string) => {
      const report = verifyRecord(readJsonFile(file), ctx.findGame, ctx.lang);
      for (const line of report.lines) print(ctx, line);
      if (!report.ok) throw new CliError("cli.error.verify", { file });
      print(ctx, wordsFor(ctx.lang).phrase("cli.verify.verified", { file }));
    });
}
