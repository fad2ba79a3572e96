// Puzzles through the API on SQLite and on PostgreSQL alike (issue 26): puzzles of Abraca…What?
// from bot self-play imported as `grimoire puzzles import` does, then next / one / attempt / daily
// for a guest and for accounts; ratings after a solve and a failure checked against the
// Plackett–Luce update written out from the paper (support/plackett-luce.ts); only the first
// attempt rated; refusals of forged ids, malformed and illegal moves, bad skip lists, bad files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfPlayPuzzles, stableKey, type Puzzle } from "@grimoire/engine";
import { findGame, games } from "@grimoire/catalog";
import { dailyIndex, dayOf, importPuzzles } from "../src/puzzles.ts";
import { DEFAULT_CATALOG_URL } from "../src/server.ts";
import { boot, ManualClock, type TestServer } from "./support/harness.ts";
import { plackettLuce } from "./support/plackett-luce.ts";
import { postgresBackend, sqliteBackend, type Backend } from "./support/stores.ts";

const backends = [() => sqliteBackend("grimoire-puzzles-"), postgresBackend];
const game = findGame("abracadawhat")!;
const puzzles: Puzzle[] = selfPlayPuzzles(game, { games: 3, seats: 3, seed: 11 });
const file = { format: "grimoire-puzzles", version: 1, game: game.id, puzzles };

type Answer = { status: number; body: any };

async function api(server: TestServer, method: string, path: string, body?: unknown, cookie?: string | null): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function signUp(server: TestServer, name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, password: `${name}-password` }) });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** A legal move of the puzzle's position that is not its answer. */
function wrongMove(puzzle: { legal: { action: unknown }[] }, answer: readonly unknown[]): unknown {
  const keys = new Set(answer.map((a) => stableKey(a)));
  return puzzle.legal.map((m) => m.action).find((m) => !keys.has(stableKey(m)));
}

for (const make of backends) {
  const backend: Backend = make();
  describe(`puzzles: ${backend.name}`, () => {
    const clock = new ManualClock();
    let server: TestServer;
    const cookies: Record<string, string> = {};

    beforeAll(async () => {
      expect(puzzles.length).toBeGreaterThanOrEqual(6);
      server = await boot({ storage: backend.open(), clock, catalogUrl: DEFAULT_CATALOG_URL });
      for (const name of ["Ann", "Bob"]) cookies[name] = await signUp(server, name);
      expect(await importPuzzles(server.storage, games, file, clock.now())).toEqual({ ok: true, added: puzzles.length, kept: 0 });
      expect(await importPuzzles(server.storage, games, file, clock.now())).toEqual({ ok: true, added: 0, kept: puzzles.length });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await backend.cleanup();
    });

    it("a file whose answer is not legal, or not a puzzle file, is refused and changes nothing", async () => {
      const bad = structuredClone(puzzles[0]!) as unknown as { id: string; accepted: unknown[] };
      bad.id = "0123456789abcdef";
      bad.accepted = [{ type: "cast", spell: 9 }];
      expect((await importPuzzles(server.storage, games, { ...file, puzzles: [bad] }, clock.now())).ok).toBe(false);
      expect((await importPuzzles(server.storage, games, { puzzles: [] }, clock.now())).ok).toBe(false);
      expect(await server.storage.puzzle("0123456789abcdef")).toBeNull();
    });

    it("a guest gets puzzles, tries them and sees the verdict and the explanation, with no rating", async () => {
      const next = await api(server, "GET", "/api/puzzles/next?game=abracadawhat");
      expect(next.status).toBe(200);
      expect(next.body.rating).toBeNull();
      const p = next.body.puzzle;
      expect(puzzles.map((q) => q.id)).toContain(p.id);
      const rebuilt = game.fromArrangement({ seats: 3, options: puzzles[0]!.options, seed: 1 }, puzzles.find((q) => q.id === p.id)!.arrangement);
      expect(rebuilt.ok && p.view).toEqual(rebuilt.ok && game.view(rebuilt.value, p.seat));
      expect(JSON.stringify(p)).not.toContain("accepted");
      expect(JSON.stringify(p)).not.toContain("arrangement");
      const stored = puzzles.find((q) => q.id === p.id)!;
      const right = await api(server, "POST", `/api/puzzles/${p.id}/attempt`, { move: stored.accepted[0] });
      expect(right.status).toBe(200);
      expect(right.body).toMatchObject({ correct: true, rated: false, player: null, puzzle: null, unit: "lives" });
      expect(right.body.explanation.choices.length).toBeGreaterThan(1);
      const wrong = await api(server, "POST", `/api/puzzles/${p.id}/attempt`, { move: wrongMove(p, stored.accepted) });
      expect(wrong.body).toMatchObject({ correct: false, answer: stored.accepted });
      // The guest's browser names what it has seen: the next puzzle is another.
      const other = await api(server, "GET", `/api/puzzles/next?game=abracadawhat&skip=${p.id}`);
      expect(other.body.puzzle.id).not.toBe(p.id);
    });

    it("forged ids, malformed and illegal moves, bad games and skip lists are refused", async () => {
      const id = puzzles[0]!.id;
      for (const path of ["/api/puzzles/not-an-id", "/api/puzzles/0000000000000000", "/api/puzzles/..%2Fadmin"]) {
        const answer = await api(server, "GET", path);
        expect([answer.status, answer.body.error.code]).toEqual([404, "unknown-puzzle"]);
      }
      expect((await api(server, "POST", "/api/puzzles/0000000000000000/attempt", { move: { type: "end" } })).body.error.code).toBe("unknown-puzzle");
      expect((await api(server, "POST", `/api/puzzles/${id}/attempt`, { move: { type: "fly" } })).body.error.code).toBe("malformed-action");
      expect((await api(server, "POST", `/api/puzzles/${id}/attempt`, { move: "cast 3" })).body.error.code).toBe("malformed-action");
      expect((await api(server, "POST", `/api/puzzles/${id}/attempt`, {})).body.error.code).toBe("malformed-action");
      expect((await api(server, "POST", `/api/puzzles/${id}/attempt`, { move: { type: "cast", spell: 3 }, extra: 1 })).body.error.code).toBe("malformed-action");
      expect((await api(server, "GET", "/api/puzzles/next?game=chess")).body.error.code).toBe("unknown-game");
      expect((await api(server, "GET", "/api/puzzles/next")).body.error.code).toBe("unknown-game");
      expect((await api(server, "GET", "/api/puzzles/next?game=abracadawhat&skip=x' OR 1=1")).body.error.code).toBe("bad-message");
      expect((await api(server, "GET", `/api/puzzles/next?game=abracadawhat&skip=${Array(51).fill(id).join(",")}`)).body.error.code).toBe("bad-message");
    });

    it("an account's first attempt is rated as Plackett–Luce says, a second is not, and a tried puzzle is not offered again", async () => {
      const first = await api(server, "GET", "/api/puzzles/next?game=abracadawhat", undefined, cookies.Ann);
      expect(first.body.rating).toMatchObject({ game: "abracadawhat", mu: 25, played: 0 });
      const p = first.body.puzzle;
      const stored = puzzles.find((q) => q.id === p.id)!;
      const before = await server.storage.puzzle(p.id);
      const solved = await api(server, "POST", `/api/puzzles/${p.id}/attempt`, { move: stored.accepted[0] }, cookies.Ann);
      expect(solved.body).toMatchObject({ correct: true, rated: true });
      // Solving: the player beats the puzzle (ranks 0 and 1).
      const [player, puzzle] = plackettLuce([{ mu: 25, sigma: 25 / 3 }, { mu: before!.mu, sigma: before!.sigma }], [0, 1]);
      expect(solved.body.player.after.mu).toBeCloseTo(player!.mu, 9);
      expect(solved.body.player.after.sigma).toBeCloseTo(player!.sigma, 9);
      expect(solved.body.player.after.mu).toBeGreaterThan(25);
      const after = await server.storage.puzzle(p.id);
      expect(after!.mu).toBeCloseTo(puzzle!.mu, 9);
      expect(after!.sigma).toBeCloseTo(puzzle!.sigma, 9);
      expect([after!.attempts, after!.solved]).toEqual([1, 1]);
      // A second try: answered, not rated, nothing stored.
      const again = await api(server, "POST", `/api/puzzles/${p.id}/attempt`, { move: wrongMove(p, stored.accepted) }, cookies.Ann);
      expect(again.body).toMatchObject({ correct: false, rated: false, player: null });
      expect((await server.storage.puzzle(p.id))!.mu).toBe(after!.mu);
      // The next puzzle is another, and failing it lowers the rating (the puzzle beats the player).
      const second = await api(server, "GET", "/api/puzzles/next?game=abracadawhat", undefined, cookies.Ann);
      expect(second.body.puzzle.id).not.toBe(p.id);
      expect(second.body.rating.mu).toBeCloseTo(player!.mu, 9);
      const q = second.body.puzzle;
      const qStored = puzzles.find((x) => x.id === q.id)!;
      const qBefore = await server.storage.puzzle(q.id);
      const failed = await api(server, "POST", `/api/puzzles/${q.id}/attempt`, { move: wrongMove(q, qStored.accepted) }, cookies.Ann);
      expect(failed.body).toMatchObject({ correct: false, rated: true });
      const [player2, puzzle2] = plackettLuce([player!, { mu: qBefore!.mu, sigma: qBefore!.sigma }], [1, 0]);
      expect(failed.body.player.after.mu).toBeCloseTo(player2!.mu, 9);
      expect(failed.body.player.after.played).toBe(2);
      expect((await server.storage.puzzle(q.id))!.mu).toBeCloseTo(puzzle2!.mu, 9);
      const ratings = await api(server, "GET", "/api/puzzles/ratings", undefined, cookies.Ann);
      expect(ratings.body.ratings).toHaveLength(1);
      expect(ratings.body.ratings[0]).toMatchObject({ game: "abracadawhat", played: 2 });
      expect(ratings.body.ratings[0].mu).toBeCloseTo(player2!.mu, 9);
      // Bob's ratings are his own.
      expect((await api(server, "GET", "/api/puzzles/next?game=abracadawhat", undefined, cookies.Bob)).body.rating).toMatchObject({ mu: 25, played: 0 });
      expect((await api(server, "GET", "/api/puzzles/ratings")).body.ratings).toBeNull();
    });

    it("the daily puzzle is the same for everyone on a day, picked from the day's number", async () => {
      const sorted = puzzles.map((p) => p.id).sort();
      const day = dayOf(clock.now());
      const daily = await api(server, "GET", "/api/puzzles/daily");
      expect(daily.body.day).toBe(day);
      expect(daily.body.puzzle.id).toBe(sorted[dailyIndex(day, sorted.length)]);
      expect((await api(server, "GET", "/api/puzzles/daily", undefined, cookies.Bob)).body.puzzle.id).toBe(daily.body.puzzle.id);
      expect((await api(server, "GET", "/api/puzzles/daily?game=abracadawhat")).body.puzzle.id).toBe(daily.body.puzzle.id);
      const days = new Set<string>();
      for (let d = 0; d < 10; d++) days.add(sorted[dailyIndex(day + d, sorted.length)]!);
      expect(days.size).toBeGreaterThan(1);
      expect((await api(server, "GET", "/api/puzzles/daily?game=shazamm")).body.puzzle).toBeNull();
    });
  });
}
