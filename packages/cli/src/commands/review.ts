// `grimoire review FILE --as SEAT [--json] [--seed S]`: the post-game review of one seat's
// decisions in a recorded game (a scenario file or a server's match record). Every decision is
// scored from that seat's view only by the game's reviewer (its hard bot's evaluation; docs/bots.md):
// each choice's value, the move's loss against the best and its label (none when the decision is
// not judged), which kind of value it got (equilibrium, mixed model, rollouts, a rule), the game's
// exact insight where it has one, and a summary. A progress bar on stderr when it is a terminal.
import type { Command } from "commander";
import cliProgress from "cli-progress";
import { loadScenario, msg, reviewRecord, seatRef, type MessageParams, type Review, type ReviewInsight, type ReviewUnit } from "@grimoire/engine";
import { CliError, defaultContext, print, type CliContext } from "../context.ts";
import { wordsFor, type Words } from "../text/index.ts";
import { readJsonFile } from "./replay.ts";

/** A value in the reviewer's unit, as the reader's language writes it. */
function valueText(words: Words, unit: ReviewUnit, value: number): string {
  return words.phrase(`cli.review.value.${unit}`, { v: value });
}

function insightLines(words: Words, insight: ReviewInsight): string[] {
  const lines = [`    ${words.lineOf(insight.title)}`];
  for (const row of insight.rows) {
    const cells = insight.columns.map((column, i) =>
      words.phrase("cli.review.cell", { label: column.label, value: words.phrase(`cli.review.format.${column.format}`, { v: row.values[i] ?? 0 }) }),
    );
    lines.push(`      ${words.phrase(row.marked ? "cli.review.rowPlayed" : "cli.review.row", { label: row.label, cells: cells.join(" · ") })}`);
  }
  return lines;
}

/** The review as lines of text in the reader's language. */
export function reviewLines(words: Words, review: Review): string[] {
  const lines = [words.line("cli.review.header", { who: seatRef(review.seat), count: review.decisions.filter((decision) => decision.label !== null).length, unit: msg(`cli.review.unit.${review.unit}`) })];
  for (const decision of review.decisions) {
    const played = decision.choices[decision.chosen]!;
    const best = decision.choices[0]!;
    const params: MessageParams = {
      index: decision.index + 1,
      action: played.label,
      label: msg(`cli.review.label.${decision.label ?? "none"}`),
      kind: msg(`cli.review.kind.${decision.kind ?? "rollout"}`),
      loss: valueText(words, review.unit, decision.loss),
      value: valueText(words, review.unit, decision.value),
      best: best.label,
      bestValue: valueText(words, review.unit, decision.best),
      scored: decision.choices.length,
      legal: decision.legal,
    };
    lines.push(words.line(decision.chosen === 0 ? "cli.review.bestMove" : "cli.review.move", params));
    if (decision.insight) lines.push(...insightLines(words, decision.insight));
  }
  const { summary } = review;
  lines.push("", words.line("cli.review.summary", { decisions: summary.decisions, loss: valueText(words, review.unit, summary.averageLoss), ...summary.counts, notJudged: summary.notJudged ?? 0 }));
  return lines;
}

export function register(program: Command, ctx: CliContext = defaultContext()): void {
  program
    .command("review")
    .description("review one seat's decisions in a recorded game, from that seat's view (every choice's value, losses, labels)")
    .argument("<file>", "a recorded game or match record JSON file")
    .requiredOption("--as <seat>", "the seat to review, from 1 (first player)")
    .option("--seed <seed>", "seed of the review's own random draws (default 1)", "1")
    .option("--json", "print the review as JSON")
    .action((file: string, flags: { as: string; seed: string; json?: boolean }) => {
      const raw = readJsonFile(file);
      // A server's match record carries checks for `verify` beside the scenario envelope.
      const { seedHash: _hash, outcome: _outcome, eventsHash: _events, ...envelope } = (raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
      const loaded = loadScenario(raw !== null && typeof raw === "object" && !Array.isArray(raw) ? envelope : raw, ctx.findGame);
      if (!loaded.ok) throw new CliError("cli.error.file", { file, detail: loaded.error });
      const scenario = loaded.value;
      const seats = scenario.names.length;
      const seat = Number(flags.as) - 1;
      if (!Number.isInteger(seat) || seat < 0 || seat >= seats) throw new CliError("cli.error.as", { max: seats, got: flags.as });
      const seed = /^-?\d+$/.test(flags.seed) ? Number(flags.seed) : flags.seed;
      if (typeof seed === "number" ? !Number.isSafeInteger(seed) : !/^[0-9a-f]{32}$/i.test(seed)) throw new CliError("cli.error.seed", { got: flags.seed });
      const { game } = scenario;
      const names = typeof scenario.file.seats === "number" ? [] : scenario.file.seats;
      const words = wordsFor(ctx.lang, game, { names, me: seat });
      const cliWords = wordsFor(ctx.lang);
      const bar = ctx.stderr.isTTY
        ? new cliProgress.SingleBar(
            { format: `${cliWords.phrase("cli.progress.review")} [{bar}] {value}/{total} ${cliWords.phrase("cli.progress.decisions")}, ${cliWords.phrase("cli.progress.eta")} {eta_formatted}`, stream: ctx.stderr as NodeJS.WritableStream },
            cliProgress.Presets.shades_classic,
          )
        : null;
      let started = false;
      let result;
      try {
        result = reviewRecord(game, game.reviewer, scenario.initial, scenario.actions, seat, {
          seed,
          onProgress: (done, total) => {
            if (!started) bar?.start(total, 0);
            started = true;
            bar?.update(done);
          },
        });
      } finally {
        bar?.stop();
      }
      if (!result.ok) throw new CliError("cli.error.file", { file, detail: result.error });
      if (flags.json) return print(ctx, JSON.stringify(result.value, null, 2));
      for (const line of reviewLines(words, result.value)) print(ctx, line);
    });
}
