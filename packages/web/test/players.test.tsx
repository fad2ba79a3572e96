// @vitest-environment jsdom
// The players' pages in the browser shell (server answers mocked): routes, log in / sign up from
// the header (the guest seats of this browser sent along, the account's seats kept after), log
// out (its seats leave this browser), the profile and the leaderboard in both languages, and a
// rated seat's rating beside its name.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadWords } from "../src/text.tsx";
import { TABLE_AROUND } from "./support/table.ts";
import { App } from "../src/App.tsx";
import { logIn, logOut } from "../src/account.ts";
import type { MatchSnapshot } from "../src/connection.ts";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import { MatchView } from "../src/pages/Match.tsx";
import type { LeaderboardResponse, ProfileResponse, TableInfo } from "../src/protocol.ts";
import { ratingChangeText } from "../src/players/Profile.tsx";
import { hrefOf, parseRoute } from "../src/route.ts";
import { errorText } from "../src/widgets.tsx";
import i18next from "i18next";

const profile: ProfileResponse = {
  name: "Éloïse",
  createdAt: Date.UTC(2026, 0, 5, 12),
  games: [
    {
      game: "shazamm",
      played: 3,
      won: 2,
      rating: { mu: 28.1, sigma: 7.2, ordinal: 6.5 },
      history: [
        { table: "t1", at: 1, ordinal: 1.25, rank: 0 },
        { table: "t2", at: 2, ordinal: 6.5, rank: 0 },
      ],
    },
  ],
  matches: [
    {
      table: "t2", game: "shazamm", at: Date.UTC(2026, 0, 6), seat: 0, seats: 2, result: "won", place: null, aborted: false, rated: true, ratingChange: 5.25, replay: "/?replay=t2",
      opponents: [{ seat: 1, name: "Octave", account: true, bot: null }],
    },
    {
      table: "t3", game: "abracadawhat", at: Date.UTC(2026, 0, 5), seat: 2, seats: 4, result: "lost", place: 2, aborted: false, rated: true, ratingChange: -1.5, replay: "/?replay=t3",
      opponents: [
        { seat: 0, name: "Ulysse", account: true, bot: null },
        { seat: 1, name: "Zoé", account: false, bot: null },
        { seat: 3, name: null, account: false, bot: "hard" },
      ],
    },
    {
      table: "t4", game: "shazamm", at: Date.UTC(2026, 0, 4), seat: 1, seats: 2, result: "abandoned", place: null, aborted: false, rated: false, ratingChange: null, replay: "/?replay=t4",
      opponents: [{ seat: 0, name: null, account: false, bot: "easy" }],
    },
    {
      table: "t5", game: "shazamm", at: Date.UTC(2026, 0, 3), seat: 0, seats: 2, result: "lost", place: null, aborted: true, rated: false, ratingChange: null, replay: "/?replay=t5",
      opponents: [{ seat: 1, name: "Octave", account: true, bot: null }],
    },
  ],
  matchesTotal: 1,
  matchesNext: null,
};

const board: LeaderboardResponse = {
  game: "shazamm",
  players: [
    { rank: 1, name: "Éloïse", bot: null, played: 3, won: 2, rating: { mu: 28.1, sigma: 7.2, ordinal: 6.5 } },
    { rank: 2, name: null, bot: "hard", played: 9, won: 5, rating: { mu: 26, sigma: 6, ordinal: 8 - 10 } },
  ],
  total: 2,
  next: null,
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}
let calls: Call[] = [];
let me: { name: string; createdAt: number } | null = null;
/** What GET /api/players/… and /api/leaderboard/… answer (a test may page them). */
let profileAnswer: (url: string) => ProfileResponse = () => profile;
let boardAnswer: (url: string) => LeaderboardResponse = () => board;

beforeAll(async () => {
  initI18n("en");
  // the games' words load on demand (game titles in the forms): have them before the first render,
  // so no load is still running when the file ends
  await Promise.all(["abracadawhat", "shazamm", "incantibus", "emmerlaus"].map(preloadWords));
});
beforeEach(() => {
  calls = [];
  me = null;
  profileAnswer = () => profile;
  boardAnswer = () => board;
  localStorage.clear();
  history.replaceState(null, "", "/");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init?.method ?? "GET", body });
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
      if (url === "/api/me") return json({ player: me });
      if (url === "/api/account") return json({ player: (me = { name: body.name, createdAt: 1 }) });
      if (url === "/api/login") {
        if (body.password !== "right-password") return json({ error: { code: "bad-credentials", message: "wrong name or password" } }, 401);
        return json({ player: (me = { name: "Éloïse", createdAt: 1 }) });
      }
      if (url === "/api/logout") return json({ player: (me = null) });
      if (url === "/api/account/password") {
        if (body.current !== "right-password") return json({ error: { code: "wrong-password", message: "the current password is wrong" } }, 403);
        return json({ player: me });
      }
      if (url === "/api/me/seats") return me ? json({ seats: [{ table: "far", game: "shazamm", status: "playing", seat: 1, token: "tok-far" }] }) : json({ error: { code: "not-logged-in", message: "" } }, 401);
      if (url.startsWith("/api/players/")) return json(profileAnswer(url));
      if (url.startsWith("/api/leaderboard/")) return json(boardAnswer(url));
      const far = { id: "far", game: "shazamm", gameTitle: "Shazamm!", options: {}, status: "playing", seats: [], turnSeconds: null, graceSeconds: null, seedHash: "h", invite: "/?table=far", createdAt: 0, rated: true, ...TABLE_AROUND };
      if (url === "/api/tables/far") return json({ table: far });
      // "Your tables" lists the seats whose tokens the browser sends (the server checks them).
      if (url === "/api/my-tables") {
        const held = (body.seats as { tableId: string; token: string }[]).some((s) => s.tableId === "far" && s.token === "tok-far");
        return json({ tables: held ? [{ table: far, seat: 1, yourTurn: false, deadline: null }] : [] });
      }
      if (url.startsWith("/api/tables/")) return json({ error: { code: "unknown-table", message: "" } }, 404);
      return json({ games: [], tables: [] });
    }),
  );
});
afterEach(async () => {
  cleanup();
  switchLanguage("en");
  await logOut(); // the account state is the page's: each test starts as a guest
});

describe("routes", () => {
  it("profiles and leaderboards have their links", () => {
    expect(parseRoute("?player=%C3%89lo%C3%AFse")).toEqual({ page: "player", name: "Éloïse" });
    expect(parseRoute("?leaderboard=shazamm")).toEqual({ page: "leaderboard", game: "shazamm" });
    for (const r of [{ page: "player", name: "a b&c" }, { page: "leaderboard", game: "emmerlaus" }] as const) expect(parseRoute(hrefOf(r).slice(1))).toEqual(r);
  });
});

describe("account errors in words", () => {
  it("name and password refusals, in English and in French", () => {
    const say = (code: string, params: Record<string, string | number>) => errorText(i18next.t, { code, params });
    expect(say("bad-name", { reason: "too-short", min: 3 })).toBe("A name has at least 3 characters.");
    expect(say("bad-name", { reason: "characters" })).toBe("A name has letters, digits, _ - or . only.");
    expect(say("bad-password", { reason: "too-short", min: 8 })).toBe("A password has at least 8 characters.");
    expect(say("bad-password", { reason: "too-long", max: 200 })).toBe("A password has at most 200 characters.");
    expect(say("name-taken", {})).toMatch(/^This name is taken/);
    expect(say("bad-name", { reason: "first-letter" })).toBe("A name starts with a letter.");
    expect(say("bad-name", { reason: "marks", max: 2 })).toBe("A name has at most 2 accents on one letter.");
    expect(say("bad-name", { reason: "scripts" })).toMatch(/^A name is written in one alphabet/);
    switchLanguage("fr");
    expect(say("bad-name", { reason: "first-letter" })).toBe("Un nom commence par une lettre.");
    expect(say("bad-name", { reason: "marks", max: 2 })).toBe("Un nom a au plus 2 accents sur une même lettre.");
    expect(say("bad-name", { reason: "scripts" })).toMatch(/^Un nom s’écrit dans un seul alphabet/);
    expect(say("bad-name", { reason: "too-short", min: 3 })).toBe("Un nom a au moins 3 caractères.");
    expect(say("bad-password", { reason: "too-long", max: 200 })).toBe("Un mot de passe a au plus 200 caractères.");
    expect(say("name-taken", {})).toBe("Ce nom est déjà pris\u00a0: choisissez-en un autre (majuscules et minuscules comptent pour un seul nom).");
    expect(say("bad-credentials", {})).toBe("Nom ou mot de passe incorrect.");
  });
});

describe("account in the header", () => {
  it("creating an account sends this browser's guest seats, then shows the name", async () => {
    localStorage.setItem("grimoire.seat.t9", JSON.stringify({ seat: 0, token: "guest-token", name: "Guest" }));
    render(<App />);
    fireEvent.click(await screen.findByTestId("account-open"));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Éloïse" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "12345678" } });
    fireEvent.click(screen.getByTestId("signup"));
    expect(await screen.findByRole("link", { name: "Éloïse" })).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/account")?.body).toEqual({ name: "Éloïse", password: "12345678", seats: [{ table: "t9", token: "guest-token" }] });
  });

  it("a wrong password is said plainly; the right one logs in and brings the account's seats here; log out takes them away", async () => {
    render(<App />);
    fireEvent.click(await screen.findByTestId("account-open"));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "eloise" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong-password" } });
    fireEvent.click(screen.getByTestId("login"));
    expect((await screen.findByRole("alert")).textContent).toContain("Wrong name or password.");
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "right-password" } });
    fireEvent.click(screen.getByTestId("login"));
    await screen.findByRole("link", { name: "Éloïse" });
    expect(JSON.parse(localStorage.getItem("grimoire.seat.far")!)).toMatchObject({ seat: 1, token: "tok-far" });
    // the home page's "my tables" now lists the table played from another browser
    await screen.findByRole("heading", { name: /^My tables/ });
    fireEvent.click(screen.getByTestId("logout"));
    await screen.findByTestId("account-open");
    expect(localStorage.getItem("grimoire.seat.far")).toBeNull();
  });
});

describe("profile and leaderboard", () => {
  it("the profile: games, rating and its history, finished games with their replay (English)", async () => {
    history.replaceState(null, "", "/?player=%C3%89lo%C3%AFse");
    render(<App />);
    const page = await screen.findByTestId("profile");
    expect(page.textContent).toContain("3 games, 2 won");
    expect(screen.getByTestId("profile-rating").textContent).toBe("rating 6.5");
    expect(page.textContent).toContain("Rating after each rated game: 1.3 → 6.5");
    expect(screen.getAllByRole("link", { name: "Watch the replay" })[0]!.getAttribute("href")).toBe("/?replay=t2");
    expect(calls.some((c) => c.url === "/api/players/%C3%89lo%C3%AFse")).toBe(true);
  });

  it("the profile's past games: the result for this player, its rating change, the opponents linked to their profiles and bots by level (English)", async () => {
    history.replaceState(null, "", "/?player=x");
    render(<App />);
    await screen.findByTestId("profile");
    const lines = screen.getAllByTestId("past-game").map((li) => li.textContent!.replace(/^.*?\d{1,2}:\d{2}\s?[AP]?M? · /, ""));
    expect(lines).toEqual([
      "won rating +5.3 · against Octave · Watch the replay",
      `2nd of 4 rating ${ratingChangeText("en", -1.5)} · against Ulysse, Zoé, and Bot (hard) · Watch the replay`,
      "abandoned (nobody stayed at the table) · against Bot (easy) · Watch the replay",
      "lost (aborted: too short to be rated) · against Octave · Watch the replay",
    ]);
    const [won, placed] = screen.getAllByTestId("past-game");
    expect(within(won!).getByRole("link", { name: "Octave" }).getAttribute("href")).toBe("/?player=Octave");
    // a guest has no profile: its name is not a link
    expect(within(placed!).getAllByRole("link").map((a) => a.textContent)).toEqual(["Ulysse", "Watch the replay"]);
  });

  it("the profile pages its finished games: 'Older games' adds the next page below, and goes once all are shown", async () => {
    const match = (i: number): ProfileResponse["matches"][number] => ({ table: `m${i}`, game: "shazamm", at: Date.UTC(2026, 0, 6) - i * 60_000, seat: 0, seats: 2, result: "lost", place: null, aborted: false, rated: false, ratingChange: null, opponents: [], replay: `/?replay=m${i}` });
    const page = (from: number, size: number) => Array.from({ length: size }, (_, i) => match(from + i));
    profileAnswer = (url) =>
      url.endsWith("?offset=50")
        ? { ...profile, matches: page(50, 20), matchesTotal: 70, matchesNext: null }
        : { ...profile, matches: page(0, 50), matchesTotal: 70, matchesNext: 50 };
    history.replaceState(null, "", "/?player=x");
    render(<App />);
    await screen.findByTestId("profile");
    expect(screen.getAllByRole("link", { name: "Watch the replay" })).toHaveLength(50);
    const more = screen.getByTestId("more-matches");
    expect(more.textContent).toBe("Older games (20 more)");
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole("link", { name: "Watch the replay" })).toHaveLength(70));
    expect(calls.some((c) => c.url === "/api/players/x?offset=50")).toBe(true);
    expect(screen.getAllByRole("link", { name: "Watch the replay" }).at(-1)!.getAttribute("href")).toBe("/?replay=m69");
    expect(screen.queryByTestId("more-matches")).toBeNull();
  });

  it("the profile in French: numbers and words", async () => {
    switchLanguage("fr");
    history.replaceState(null, "", "/?player=x");
    render(<App />);
    const page = await screen.findByTestId("profile");
    expect(page.textContent).toContain("3 parties, 2 gagnées");
    expect(screen.getByTestId("profile-rating").textContent).toBe("classement 6,5");
    const lines = screen.getAllByTestId("past-game").map((li) => li.textContent!.replace(/^.*?\d{1,2}:\d{2} · /, ""));
    expect(lines).toEqual([
      "gagnée classement +5,3 · contre Octave · Revoir la partie",
      `2e sur 4 classement ${ratingChangeText("fr", -1.5)} · contre Ulysse, Zoé et Robot (difficile) · Revoir la partie`,
      "abandonnée (personne n’est resté à la table) · contre Robot (facile) · Revoir la partie",
      "perdue (annulée\u00a0: trop courte pour être classée) · contre Octave · Revoir la partie",
    ]);
    expect(page.textContent).toContain("Joueur depuis le 5 janvier 2026");
  });

  it("your own profile has the password form (another's has none): a wrong current password is said, the right one changes it (French)", async () => {
    switchLanguage("fr");
    history.replaceState(null, "", "/?player=x");
    const { unmount } = render(<App />);
    await screen.findByTestId("profile");
    expect(screen.queryByTestId("change-password")).toBeNull();
    unmount();
    await logIn("eloise", "right-password");
    render(<App />);
    await screen.findByTestId("profile");
    expect(screen.getByRole("heading", { name: "Changer de mot de passe" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Mot de passe actuel"), { target: { value: "not-it-at-all" } });
    fireEvent.change(screen.getByLabelText("Nouveau mot de passe"), { target: { value: "a-new-secret" } });
    fireEvent.click(screen.getByTestId("change-password"));
    expect((await screen.findByRole("alert")).textContent).toContain("Ce n’est pas votre mot de passe.");
    expect(screen.getByRole("status").textContent).toBe("");
    fireEvent.change(screen.getByLabelText("Mot de passe actuel"), { target: { value: "right-password" } });
    fireEvent.click(screen.getByTestId("change-password"));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Mot de passe changé. Les autres navigateurs connectés à votre compte sont déconnectés."));
    expect(calls.filter((c) => c.url === "/api/account/password").map((c) => c.body)).toEqual([
      { current: "not-it-at-all", password: "a-new-secret" },
      { current: "right-password", password: "a-new-secret" },
    ]);
    // the fields are emptied once it is done
    expect((screen.getByLabelText("Mot de passe actuel") as HTMLInputElement).value).toBe("");
  });

  it("the leaderboard pages past its first 50 rows: 'Next ranks' adds the next page, and goes after the last (English and French)", async () => {
    const row = (rank: number): LeaderboardResponse["players"][number] => ({ rank, name: `Player${rank}`, bot: null, played: 1, won: 0, rating: { mu: 25, sigma: 8, ordinal: 1 - rank / 10 } });
    const rows = (from: number, size: number) => Array.from({ length: size }, (_, i) => row(from + i));
    boardAnswer = (url) =>
      url.endsWith("?offset=50")
        ? { game: "shazamm", players: rows(51, 12), total: 62, next: null }
        : { game: "shazamm", players: rows(1, 50), total: 62, next: 50 };
    history.replaceState(null, "", "/?leaderboard=shazamm");
    render(<App />);
    await screen.findByRole("table");
    expect(screen.getAllByRole("row")).toHaveLength(51); // the header and 50 players
    expect(screen.getByTestId("leaderboard-more").textContent).toBe("Next ranks (12 more)");
    fireEvent.click(screen.getByTestId("leaderboard-more"));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(63));
    expect(calls.some((c) => c.url === "/api/leaderboard/shazamm?offset=50")).toBe(true);
    expect(screen.getAllByRole("row").at(-1)!.textContent).toContain("62Player62");
    expect(screen.queryByTestId("leaderboard-more")).toBeNull();
    cleanup();
    switchLanguage("fr");
    render(<App />);
    expect((await screen.findByTestId("leaderboard-more")).textContent).toBe("Rangs suivants (encore 12)");
  });

  it("the leaderboard lists players (linked to their profile) and bot levels", async () => {
    history.replaceState(null, "", "/?leaderboard=shazamm");
    render(<App />);
    await screen.findByRole("table");
    const rows = screen.getAllByRole("row").map((r) => r.textContent);
    expect(rows[1]).toBe("1Éloïse6.532");
    expect(rows[2]).toBe("2Bot (hard)-2.095");
    expect(screen.getByRole("link", { name: "Éloïse" }).getAttribute("href")).toBe("/?player=%C3%89lo%C3%AFse");
  });
});

describe("every word from a catalogue (pseudo-locale)", () => {
  /** Text outside ⟦…⟧ markers that has letters, other than the data given (names). */
  const unworded = (root: Element, data: readonly string[]): string[] => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let depth = 0;
      let outside = "";
      for (const ch of node.textContent ?? "") {
        if (ch === "⟦") depth++;
        else if (ch === "⟧") depth = Math.max(0, depth - 1);
        else if (depth === 0) outside += ch;
      }
      for (const d of data) outside = outside.replaceAll(d, "");
      if (/\p{L}/u.test(outside)) found.push(outside);
    }
    return found;
  };

  it("the profile (your own, with its password form), the leaderboard and the account corner", async () => {
    switchLanguage("pseudo");
    await logIn("eloise", "right-password");
    history.replaceState(null, "", "/?player=x");
    const { unmount } = render(<App />);
    await screen.findByTestId("change-password");
    // the opponents' names are data, and the list joining them is the platform's (Intl.ListFormat), as dates are
    expect(unworded(document.querySelector("main")!, ["Éloïse", "Octave", "Ulysse", "Zoé", ", and "])).toEqual([]);
    expect(unworded(document.querySelector(".account")!, ["Éloïse"])).toEqual([]);
    unmount();
    history.replaceState(null, "", "/?leaderboard=shazamm");
    render(<App />);
    await screen.findByRole("table");
    expect(unworded(document.querySelector("main")!, ["Éloïse"])).toEqual([]);
  });
});

describe("at the table", () => {
  const table = (rated: boolean): TableInfo => ({
    id: "t1",
    game: "shazamm",
    gameTitle: "Shazamm!",
    options: {},
    status: "open",
    seats: [
      { seat: 0, kind: "human", name: "Éloïse", connected: true, botTakeover: false, account: true, ...(rated ? { rating: 6.54 } : {}) },
      { seat: 1, kind: "open", name: null, connected: false, botTakeover: false },
    ],
    turnSeconds: null,
    graceSeconds: null,
    seedHash: null,
    invite: "/?table=t1",
    createdAt: 0, ...TABLE_AROUND,
    rated,
  });
  const snap = (t: TableInfo): MatchSnapshot => ({ status: "open", table: t, you: 0, version: 0, view: null, decision: null, legal: null, outcome: null, seed: null, seedHash: null, log: [], lastEvents: [], error: null, pending: false, chat: [], chatError: null, rematchTo: null });

  it("a rated seat shows its rating beside the name; an unrated one does not", () => {
    const { unmount } = render(<MatchView snap={snap(table(true))} act={() => {}} clearError={() => {}} />);
    expect(screen.getByRole("list", { name: "Seats" }).textContent).toContain("Éloïse · 6.5 (you)");
    unmount();
    render(<MatchView snap={snap(table(false))} act={() => {}} clearError={() => {}} />);
    expect(screen.getByRole("list", { name: "Seats" }).textContent).not.toContain("6.5");
  });

  it("once a rated match is over, each seat shows the rating it began with and the one the match gave (issue #25: not 0,0 twice)", async () => {
    const over: TableInfo = {
      ...table(true),
      status: "over",
      seats: [
        { seat: 0, kind: "human", name: "Éloïse", connected: true, botTakeover: false, account: true, rating: 0 },
        { seat: 1, kind: "bot", name: "Merlin", level: "hard", connected: true, botTakeover: false, rating: 0 },
      ],
    };
    const profile = { name: "Éloïse", createdAt: 0, games: [{ game: "shazamm", played: 1, won: 1, rating: { mu: 26, sigma: 6, ordinal: 6.2 }, history: [{ table: "t1", at: 1, ordinal: 6.2, rank: 1 }] }], matches: [], matchesTotal: 1, matchesNext: null };
    const board = { game: "shazamm", players: [{ rank: 1, name: null, bot: "hard", played: 1, won: 0, rating: { mu: 23, sigma: 8, ordinal: -3.1 } }], total: 1, next: null };
    vi.stubGlobal("fetch", vi.fn(async (url: string) => new Response(JSON.stringify(url.startsWith("/api/players/") ? profile : url.startsWith("/api/leaderboard/") ? board : { seats: [], tables: [] }), { status: 200 })));
    render(<MatchView snap={snap(over)} act={() => {}} clearError={() => {}} />);
    const seats = screen.getByRole("list", { name: "Seats" });
    await waitFor(() => expect(seats.textContent).toContain("Éloïse · 0.0 → 6.2"));
    expect(seats.textContent).toContain("Merlin (hard) · 0.0 → -3.1");
  });

  it("an account's seat links to its profile; a guest's seat is marked as a guest (English and French)", () => {
    const seats: TableInfo["seats"] = [
      { seat: 0, kind: "human", name: "Éloïse", connected: true, botTakeover: false, account: true },
      { seat: 1, kind: "human", name: "Éloïse B", connected: true, botTakeover: false },
    ];
    const { unmount } = render(<MatchView snap={snap({ ...table(false), seats })} act={() => {}} clearError={() => {}} />);
    const list = screen.getByRole("list", { name: "Seats" });
    const rows = list.querySelectorAll("li");
    expect(rows[0]!.querySelector("a")!.getAttribute("href")).toBe(hrefOf({ page: "player", name: "Éloïse" }));
    expect(rows[0]!.querySelector("a")!.textContent).toBe("Éloïse");
    expect(rows[0]!.textContent).toBe("Éloïse (you)");
    expect(rows[1]!.querySelector("a")).toBeNull();
    expect(rows[1]!.textContent).toBe("Éloïse B · guest");
    unmount();
    switchLanguage("fr");
    render(<MatchView snap={snap({ ...table(false), seats })} act={() => {}} clearError={() => {}} />);
    expect(screen.getAllByRole("list")[0]!.querySelectorAll("li")[1]!.textContent).toBe("Éloïse B · invité");
  });

  it("a guest's join under an account's name is refused in words", () => {
    expect(errorText(i18next.t, { code: "account-name" })).toBe("This name belongs to an account: log in to play under it, or choose another name.");
    switchLanguage("fr");
    expect(errorText(i18next.t, { code: "account-name" })).toMatch(/^Ce nom est celui d’un compte/);
  });
});
