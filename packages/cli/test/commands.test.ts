// Every command in-process, with the engine's test fixture ("bidding") as the registered game.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { biddingGame } from "../../engine/test/fixtures/bidding.ts";
import { runCli } from "./support/harness.ts";

const dir = mkdtempSync(join(tmpdir(), "grimoire-cli-"));
const ones = "1\n".repeat(40);
const oneLine = (text: string) => expect(text.trimEnd().split("\n")).toHaveLength(1);

describe("grimoire games", () => {
  it("lists each game with players, options, bots and levels", async () => {
    const { code, stdout } = await runCli(["games"]);
    expect(code).toBe(0);
    expect(stdout).toContain("bidding — Sealed Bids, 2–4 players");
    expect(stdout).toContain("--option hand=2|1|3 — Hand: cards dealt to each seat");
    expect(stdout).toContain("      2: two cards (default)\n      1: one card\n      3: three cards\n");
    expect(stdout).toContain("greedy — bids its highest card, keeps the highest");
    expect(stdout).toContain("levels: easy = random, medium = greedy, hard = greedy");
  });

  it("prints JSON, and says when no game is registered", async () => {
    const json = JSON.parse((await runCli(["games", "--json"])).stdout);
    expect(json).toEqual([expect.objectContaining({ id: "bidding", title: "Sealed Bids", players: { min: 2, max: 4 }, defaults: { hand: 2 } })]);
    expect(json[0].options[0]).toMatchObject({ name: "hand", label: "Hand", values: [{ value: "2", label: "two cards" }, { value: "1" }, { value: "3" }] });
    expect((await runCli(["games"], "", { games: [] })).stdout).toMatch(/No game is registered/);
  });
});

describe("grimoire play", () => {
  it("plays a piped game to its end, showing only the human's view", async () => {
    const { code, stdout, stderr } = await runCli(["play", "bidding", "--players", "3", "--seed", "5"], ones);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("Sealed Bids: 3 players, seed 5");
    // Bots have distinct names and their level; the human is "you"; nobody is "Seat n".
    expect(stdout).toContain("At the table, in turn order: you, Merlin (medium), and Morgane (medium).");
    expect(stdout).toMatch(/Your hand: \d and \d/);
    expect(stdout).toMatch(/1\. Bid \d/);
    expect(stdout).toMatch(/Game over: .*(wins|a draw)\. Scores: you \d+, Merlin \d+, and Morgane \d+\./);
    expect(stdout).not.toMatch(/Seat/);
    // Other seats' sealed bids only show as "has bid".
    expect(stdout).toMatch(/(Merlin|Morgane) has bid/);
    expect(stdout).not.toMatch(/(Merlin|Morgane) bids \d/);
  });

  it("is deterministic from the seed and honours --seat, --bots and options", async () => {
    const args = ["play", "bidding", "--players", "2", "--seat", "2", "--bots", "random", "--option", "hand=3", "--seed", "77"];
    const a = await runCli(args, ones);
    const b = await runCli(args, ones);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain("At the table, in turn order: Merlin (random) and you.");
    expect(a.stdout).toContain("Round 3 of 3");
    const easy = await runCli(["play", "bidding", "--level", "easy", "--seed", "1"], ones);
    expect(easy.stdout).toContain("you and Merlin (easy)");
  });

  it("re-asks on a bad choice, accepts an action as JSON, and quits on q", async () => {
    const state = biddingGame.setup({ seats: 2, options: { hand: 2 }, seed: 3 });
    const card = state.hands[0]![1]!;
    const { code, stdout } = await runCli(["play", "bidding", "--seed", "3"], `9\nhello\n{oops\nbid ${card}\n{"type":"bid","card":${card}}\nq\n`);
    expect(code).toBe(0);
    expect(stdout).toContain("Choose a number from 1 to");
    expect(stdout).toContain("Type a number from 1 to");
    expect(stdout).toContain("Refused: not valid JSON.");
    // Words filter the menu, keeping each action's number.
    expect(stdout).toMatch(new RegExp(`bid ${card}\\n {2}\\d\\. Bid ${card}\\n`));
    // The JSON bid was played: the bot bid in turn, and the next round was asked.
    expect(stdout).toContain("Merlin has bid");
    expect(stdout).toContain("You left the game.");
    const refused = await runCli(["play", "bidding", "--seed", "3"], `{"type":"bid","card":99}\nq\n`);
    expect(refused.stdout).toContain("Refused: this is not a legal action now.");
  });

  it("cuts a long menu and filters it by typed words", async () => {
    // The fixture with 60 "bid" actions of which only the real ones are legal to apply.
    const many = {
      ...biddingGame,
      legalActions: (state: Parameters<typeof biddingGame.legalActions>[0], seat: number) => {
        const legal = biddingGame.legalActions(state, seat);
        return legal.length < 2 ? legal : Array.from({ length: 60 }, (_, i) => legal[i % legal.length]!);
      },
    };
    const card = biddingGame.setup({ seats: 2, options: { hand: 2 }, seed: 3 }).hands[0]![1]!;
    const { code, stdout } = await runCli(["play", "bidding", "--seed", "3"], `bid ${card}\nq\n`, { games: [many], findGame: () => many });
    expect(code).toBe(0);
    expect(stdout).toContain("  40. Bid");
    expect(stdout).not.toContain("  41. Bid");
    expect(stdout).toContain("… and 20 more: type words to filter the list.");
    expect(stdout).toContain(`  60. Bid ${card}`);
    expect(stdout).not.toContain(`  59. Bid`);
  });

  it("fails with one line when input ends before the game", async () => {
    const { code, stderr } = await runCli(["play", "bidding", "--seed", "3"], "1\n");
    expect(code).toBe(1);
    expect(stderr).toBe("grimoire: input ended before the game did\n");
  });

  it("records the game, which replay then reads", async () => {
    const file = join(dir, "recorded.json");
    const played = await runCli(["play", "bidding", "--players", "3", "--seed", "8", "--record", file], ones);
    expect(played.code).toBe(0);
    const recorded = JSON.parse(readFileSync(file, "utf8"));
    expect(recorded).toMatchObject({ game: "bidding", seats: 3, seed: 8, options: { hand: 2 } });
    expect(recorded.actions.length).toBeGreaterThanOrEqual(6);
    const replayed = await runCli(["replay", file]);
    expect(replayed.code).toBe(0);
    // The same outcome; the record has no names, so its seats are "Seat n" ("you" for --as).
    const final = (text: string) => text.match(/Game over: (.*)\./)![1]!.replace(/Seat \d|you|Merlin|Morgane/g, "X");
    expect(final(replayed.stdout)).toBe(final(played.stdout));
    const mine = await runCli(["replay", file, "--as", "1"]);
    expect(mine.stdout).toContain(played.stdout.match(/Scores: you \d+/)![0]);
  });

  it("refuses bad arguments with one line", async () => {
    const cases: [string[], RegExp][] = [
      [["play", "chess"], /^grimoire: unknown game "chess" \(games: bidding\)$/],
      [["play", "bidding", "--players", "9"], /^grimoire: --players: Sealed Bids is for 2–4 players, got 9$/],
      [["play", "bidding", "--option", "hand=9"], /^grimoire: bad options for bidding: hand: /],
      [["play", "bidding", "--option", "colour=red"], /^grimoire: bad options for bidding: .*colour/],
      [["play", "bidding", "--option", "hand"], /^grimoire: --option expects key=value, got "hand"$/],
      [["play", "bidding", "--seat", "3"], /^grimoire: --seat: expected 1–2, got 3$/],
      [["play", "bidding", "--seat", "0"], /^grimoire: --seat: expected 1–2, got 0$/],
      [["play", "bidding", "--bots", "genius"], /^grimoire: unknown bot "genius" for bidding \(bots: random, greedy, easy, medium, hard\)$/],
      [["play", "bidding", "--players", "3", "--bots", "a,b,c"], /^grimoire: --bots: expected one name or 2 names, got 3$/],
      [["play", "bidding", "--level", "expert"], /^grimoire: --level: expected easy, medium or hard/],
      [["play", "bidding", "--seed", "x1"], /^grimoire: --seed: expected an integer or 32 hex digits/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await runCli(args, ones);
      expect(code, args.join(" ")).toBe(1);
      oneLine(stderr);
      expect(stderr.trim()).toMatch(message);
    }
  });
});

describe("grimoire simulate", () => {
  it("summarises wins per seat with Wilson intervals, draws and length", async () => {
    const { code, stdout, stderr } = await runCli(["simulate", "--game", "bidding", "--players", "3", "--games", "50", "--seed", "4"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain("Sealed Bids: 50 games, 3 players, seeds 4…53");
    expect(stdout).toMatch(/^1 +random +\d+ +\d+\.\d % \[\d+\.\d, \d+\.\d\]$/m);
    expect(stdout).toMatch(/^draws: \d+ \(/m);
    expect(stdout).toMatch(/^length: \d+\.\d actions on average \(6–8\)$/m);
  });

  it("prints reproducible JSON, and a better bot wins more", async () => {
    const args = ["simulate", "--game", "bidding", "--games", "300", "--bots", "greedy,random", "--seed", "10", "--option", "hand=3", "--json"];
    const a = await runCli(args);
    const b = await runCli(args);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const summary = JSON.parse(a.stdout);
    expect(summary).toMatchObject({ game: "bidding", players: 2, games: 300, seed: 10, options: { hand: 3 }, bots: ["greedy", "random"] });
    const [greedy, random] = summary.wins;
    expect(greedy.successes + random.successes + summary.draws.successes).toBe(300);
    expect(greedy.low).toBeLessThan(greedy.rate);
    expect(greedy.high).toBeGreaterThan(greedy.rate);
    expect(greedy.low).toBeGreaterThan(random.high);
    expect(summary.averageActions).toBeGreaterThanOrEqual(6);
    expect(summary.maxActions).toBeLessThanOrEqual(9);
  });

  it("refuses bad arguments", async () => {
    const missing = await runCli(["simulate"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/required option '--game <id>' not specified/);
    const cases: [string[], RegExp][] = [
      [["simulate", "--game", "nope"], /unknown game "nope"/],
      [["simulate", "--game", "bidding", "--games", "0"], /--games: expected an integer ≥ 1, got 0/],
      [["simulate", "--game", "bidding", "--seed", "abc"], /--seed: expected an integer, got "abc"/],
      [["simulate", "--game", "bidding", "--bots", "random,genius"], /unknown bot "genius"/],
      [["simulate", "--game", "bidding", "--option", "hand=0"], /bad options for bidding: hand/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await runCli(args);
      expect(code, args.join(" ")).toBe(1);
      oneLine(stderr);
      expect(stderr).toMatch(message);
    }
  });
});

describe("grimoire replay", () => {
  const DECK = [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1];
  const scenario = {
    game: "bidding",
    title: "A first round",
    seats: ["Ann", "Bob"],
    seed: 7,
    arrangement: { deck: DECK },
    actions: [
      { seat: 0, action: { type: "bid", card: 6 } },
      { seat: 1, action: { type: "bid", card: 4 } },
      { seat: 0, action: { type: "claim", card: 4 } },
    ],
  };
  const write = (name: string, content: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
    return file;
  };

  it("prints every action and the spectator's events", async () => {
    const { code, stdout } = await runCli(["replay", write("first.json", scenario)]);
    expect(code).toBe(0);
    expect(stdout).toContain("Sealed Bids — A first round: 2 players, seed 7");
    expect(stdout).toContain("#1 Ann: bid 6");
    expect(stdout).toContain("   · Ann has bid");
    expect(stdout).toContain("#2 Bob: bid 4");
    expect(stdout).toContain("Bids revealed: 6 and 4; Ann wins the round");
    expect(stdout).toContain("#3 Ann: keep 4");
    expect(stdout).toMatch(/After 3 actions, waiting for Ann and Bob: bid one card/);
  });

  it("with --as, prints only what that seat saw", async () => {
    const { code, stdout } = await runCli(["replay", write("first.json", scenario), "--as", "2"]);
    expect(code).toBe(0);
    expect(stdout).toContain("What Bob saw (“you” below).");
    expect(stdout).not.toContain("bid 6");
    expect(stdout).not.toContain("#1");
    expect(stdout).toContain("#2 you: bid 4");
    expect(stdout).toContain("Ann has bid");
    expect(stdout).toContain("Your hand: 3 and 4");
    expect(stdout).toContain("Your hand: 3");
  });

  it("plays a recorded game to its end", async () => {
    const state = biddingGame.setup({ seats: 2, options: { hand: 1 }, seed: 2 });
    const file = write("short.json", {
      game: "bidding",
      seats: 2,
      options: { hand: 1 },
      seed: 2,
      actions: [
        { seat: 0, action: { type: "bid", card: state.hands[0]![0] } },
        { seat: 1, action: { type: "bid", card: state.hands[1]![0] } },
        ...(state.hands[0]![0] === state.hands[1]![0] ? [] : [{ seat: state.hands[0]![0]! > state.hands[1]![0]! ? 0 : 1, action: { type: "claim", card: Math.min(state.hands[0]![0]!, state.hands[1]![0]!) } }]),
      ],
    });
    const { code, stdout } = await runCli(["replay", file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Game over: (Seat \d wins|a draw)/);
  });

  it("fails with one line naming the problem", async () => {
    const cases: [string, RegExp][] = [
      [join(dir, "missing.json"), /^grimoire: cannot read .*missing\.json: ENOENT$/],
      [write("bad.json", "{ nope"), /^grimoire: .*bad\.json is not valid JSON: /],
      [write("unknown.json", { ...scenario, game: "chess" }), /unknown\.json: game: unknown game "chess"$/],
      [write("seats.json", { ...scenario, seats: 5 }), /seats\.json: seats: Sealed Bids is for 2–4 players, got 5$/],
      [write("options.json", { ...scenario, options: { hand: "two" } }), /options\.json: options: hand: /],
      [write("arrangement.json", { ...scenario, arrangement: { deck: [] } }), /arrangement\.json: arrangement: deck: expected 12 cards, got 0$/],
      [write("seed.json", { ...scenario, seed: "0x12" }), /seed\.json: seed: expected an integer or 32 hex digits$/],
      [write("action.json", { ...scenario, actions: [scenario.actions[0], { seat: 1, action: { type: "bid", card: 6 } }] }), /action\.json: actions\[1\] \(seat 1\): illegal-action: /],
    ];
    for (const [file, message] of cases) {
      const { code, stderr } = await runCli(["replay", file]);
      expect(code, file).toBe(1);
      oneLine(stderr);
      expect(stderr.trim()).toMatch(message);
    }
    const as = await runCli(["replay", write("first.json", scenario), "--as", "3"]);
    expect(as.stderr.trim()).toBe("grimoire: --as: expected a seat from 1 to 2, got 3");
  });
});

describe("grimoire start", () => {
  it("starts the server when @grimoire/server exports startFromEnv", async () => {
    let started = 0;
    const { code } = await runCli(["start"], "", { loadServer: async () => ({ startFromEnv: async () => void started++ }) });
    expect(code).toBe(0);
    expect(started).toBe(1);
  });

  it("falls back to terminal play against bots, saying so", async () => {
    const stand = { ...biddingGame, id: "abracadawhat" };
    const { code, stdout } = await runCli(["start"], ones, { games: [stand], findGame: (id) => (id === "abracadawhat" ? stand : undefined) });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^The game server .* is not available yet/);
    expect(stdout).toContain("At the table, in turn order: you, Merlin (medium), Morgane (medium), and Viviane (medium).");
    expect(stdout).toContain("Game over:");
  });

  it("reports a server that fails to load, and a missing fallback game", async () => {
    const broken = await runCli(["start"], "", { loadServer: async () => Promise.reject(new Error("boom")) });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe("grimoire: the game server failed to load: boom\n");
    const empty = await runCli(["start"], "", { games: [] });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/unknown game "abracadawhat"/);
  });
});
