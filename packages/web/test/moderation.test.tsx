// @vitest-environment jsdom
// Reporting and moderation in the browser shell (server answers mocked): the moderation page's
// route, reporting a player from their profile (a note required for "something else", the
// server's refusals in words), and the muted and banned refusals worded with their end and
// reason in English and in French.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/App.tsx";
import { logIn, logOut } from "../src/account.ts";
import { initI18n, switchLanguage } from "../src/i18n/index.ts";
import type { ProfileResponse } from "../src/protocol.ts";
import { hrefOf, parseRoute } from "../src/route.ts";
import { errorText } from "../src/widgets.tsx";

const profile: ProfileResponse = { name: "Zoé", createdAt: Date.UTC(2026, 0, 5), games: [], matches: [], matchesTotal: 0, matchesNext: null };
let reports: unknown[] = [];
let reportAnswer: () => Response;
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });

beforeAll(() => {
  initI18n("en");
});
beforeEach(() => {
  reports = [];
  reportAnswer = () => json({ report: { id: "r1", status: "open" } });
  history.replaceState(null, "", "/");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (url === "/api/me") return json({ player: null });
      if (url === "/api/login") return json({ player: { name: "Ann", createdAt: 1 } });
      if (url === "/api/logout") return json({ player: null });
      if (url === "/api/me/seats") return json({ seats: [] });
      if (url === "/api/me/standing") return json({ moderator: false, mute: null });
      if (url.startsWith("/api/players/")) return json(profile);
      if (url === "/api/reports") {
        reports.push(body);
        return reportAnswer();
      }
      return json({ games: [], tables: [] });
    }),
  );
});
afterEach(async () => {
  cleanup();
  switchLanguage("en");
  await logOut();
});

describe("moderation in the web client", () => {
  it("has its route", () => {
    expect(parseRoute("?moderation=1")).toEqual({ page: "moderation" });
    expect(hrefOf({ page: "moderation" })).toBe("/?moderation=1");
  });

  it("a guest sees no report button on a profile; logged in, one reports a player, a note required for 'something else'", async () => {
    history.replaceState(null, "", "/?player=Zo%C3%A9");
    const { unmount } = render(<App />);
    await screen.findByTestId("profile");
    expect(screen.queryByTestId("report-open")).toBeNull();
    unmount();
    await logIn("Ann", "whatever-password");
    render(<App />);
    await screen.findByTestId("profile");
    fireEvent.click(screen.getByRole("button", { name: "Report Zoé" }));
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "other" } });
    const note = screen.getByLabelText("Details (required)") as HTMLInputElement;
    expect(note.required).toBe(true);
    fireEvent.change(note, { target: { value: "rude name" } });
    fireEvent.click(screen.getByTestId("report-send"));
    expect((await screen.findByTestId("report-done")).textContent).toBe("Reported: a moderator will look at it. Thank you.");
    expect(reports).toEqual([{ player: "Zoé", reason: "other", note: "rude name" }]);
  });

  it("the server's refusal of a report is said in words (French)", async () => {
    reportAnswer = () => json({ error: { code: "rate-limited", message: "", params: { retryAfterMs: 61_000 } } }, 429);
    switchLanguage("fr");
    await logIn("Ann", "whatever-password");
    history.replaceState(null, "", "/?player=Zo%C3%A9");
    render(<App />);
    await screen.findByTestId("profile");
    fireEvent.click(screen.getByRole("button", { name: "Signaler Zoé" }));
    fireEvent.click(screen.getByTestId("report-send"));
    expect((await screen.findByRole("alert")).textContent).toContain("Trop de demandes à la fois");
    expect(screen.queryByTestId("report-done")).toBeNull();
    expect(reports).toEqual([{ player: "Zoé", reason: "insult" }]);
  });

  it("words a mute and a ban with their end and the moderator's reason, in English and French", () => {
    const until = Date.UTC(2026, 10, 26, 15, 30);
    const t = i18next.getFixedT("en");
    const inEnglish = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" }).format(until);
    expect(errorText(t, { code: "muted", params: { until, reason: "spam-like flood" } })).toBe(`You are muted until ${inEnglish}: spam-like flood`);
    expect(errorText(t, { code: "banned", params: { until: "never", reason: "cheating" } })).toBe("This account is banned for good: cheating");
    switchLanguage("fr");
    const fr = i18next.getFixedT("fr");
    const inFrench = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short" }).format(until);
    expect(errorText(fr, { code: "muted", params: { until, reason: "insultes" } })).toBe(`Vous êtes réduit au silence jusqu’au ${inFrench}\u00a0: insultes`);
    expect(errorText(fr, { code: "banned", params: { until: "never", reason: "triche" } })).toBe("Ce compte est banni définitivement\u00a0: triche");
  });
});
