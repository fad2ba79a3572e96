// The app shell: header (home link, account, language switch), then the page of the current route.
import { lazy, Suspense, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, switchLanguage, type Language } from "./i18n/index.ts";
import { Home } from "./pages/Home.tsx";
import { HowTo } from "./pages/HowTo.tsx";
import { Replay } from "./pages/Replay.tsx";
import { TablePage } from "./pages/TablePage.tsx";
import { ModerationPage } from "./moderation/ModerationPage.tsx";
import { AccountBox } from "./players/AccountBox.tsx";
import { Friends } from "./players/Friends.tsx";
import { Invitations } from "./players/Invitations.tsx";
import { Leaderboard } from "./players/Leaderboard.tsx";
import { Profile } from "./players/Profile.tsx";
import { AccountPage } from "./players/AccountPage.tsx";
import { hrefOf, navigate, useRoute, type Route } from "./route.ts";

// The guided first game plays with the game's rules in the browser: its own chunk, loaded on demand.
const Tutorial = lazy(() => import("./pages/Tutorial.tsx"));
// Loaded when first shown: the initial bundle stays within its budget.
const PuzzlePage = lazy(() => import("./puzzles/PuzzlePage.tsx").then((m) => ({ default: m.PuzzlePage })));

export function Link({ to, children, className }: { to: Route; children: ReactNode; className?: string }) {
  const onClick = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={hrefOf(to)} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

export function App() {
  const { t, i18n } = useTranslation();
  const route = useRoute();
  return (
    <>
      <a className="skip" href="#main">{t("app.skip")}</a>
      <header className="top">
        <Link to={{ page: "home" }} className="brand">✶ {t("app.title")}</Link>
        <AccountBox />
        <label className="lang">
          <span className="sr-only">{t("app.language")}</span>
          <select aria-label={t("app.language")} value={i18n.language} onChange={(e) => switchLanguage(e.target.value as Language)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>{l === "en" ? "English" : "Français"}</option>
            ))}
          </select>
        </label>
      </header>
      <Invitations />
      <main id="main">
        {route.page === "home" && <Home />}
        {route.page === "howto" && <HowTo game={route.game} />}
        {route.page === "replay" && <Replay key={route.id} id={route.id} />}
        {route.page === "table" && <TablePage key={`${route.id}:${route.watch}`} id={route.id} watch={route.watch} />}
        {route.page === "player" && <Profile key={route.name} name={route.name} />}
        {route.page === "leaderboard" && <Leaderboard key={route.game} game={route.game} />}
        {route.page === "moderation" && <ModerationPage />}
        {route.page === "friends" && <Friends />}
        {route.page === "account" && <AccountPage />}
        {route.page === "learn" && (
          <Suspense fallback={<p aria-live="polite">{t("table.loading")}</p>}>
            <Tutorial key={route.game} game={route.game} />
          </Suspense>
        )}
        {route.page === "puzzles" && (
          <Suspense fallback={<p className="muted" aria-busy="true">{t("puzzle.loading")}</p>}>
            <PuzzlePage key={`${route.game}:${route.id ?? ""}`} game={route.game} id={route.id ?? null} />
          </Suspense>
        )}
      </main>
    </>
  );
}
