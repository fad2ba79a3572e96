// Routing by query string, so the invitation link `/?table=<id>` works with a static server:
// `?table=ID` (play or join), `?table=ID&watch=1`, `?howto=GAME`, `?replay=ID`, `?player=NAME`
// (a profile), `?leaderboard=GAME`, `?moderation=1` (moderators), `?friends` (your friends), `?account`,
// `?learn=GAME` (the guided first game), `?puzzles=GAME[&puzzle=ID]` (puzzles of a game, or one of them), nothing = home.
import { useEffect, useState } from "react";

export type Route =
  | { readonly page: "home" }
  | { readonly page: "howto"; readonly game: string }
  | { readonly page: "replay"; readonly id: string }
  | { readonly page: "table"; readonly id: string; readonly watch: boolean }
  | { readonly page: "player"; readonly name: string }
  | { readonly page: "leaderboard"; readonly game: string }
  | { readonly page: "moderation" }
  | { readonly page: "friends" }
  | { readonly page: "account" }
  | { readonly page: "learn"; readonly game: string }
  /** Puzzles of a game, one after another; or one puzzle (the daily one) by id. */
  | { readonly page: "puzzles"; readonly game: string; readonly id?: string };

export function parseRoute(search: string): Route {
  const params = new URLSearchParams(search);
  const table = params.get("table");
  if (table) return { page: "table", id: table, watch: params.get("watch") === "1" };
  const replay = params.get("replay");
  if (replay) return { page: "replay", id: replay };
  const howto = params.get("howto");
  if (howto) return { page: "howto", game: howto };
  const player = params.get("player");
  if (player) return { page: "player", name: player };
  if (params.get("moderation") === "1") return { page: "moderation" };
  if (params.has("account")) return { page: "account" };
  const learn = params.get("learn");
  if (learn) return { page: "learn", game: learn };
  const puzzles = params.get("puzzles");
  if (puzzles) {
    const id = params.get("puzzle");
    return id ? { page: "puzzles", game: puzzles, id } : { page: "puzzles", game: puzzles };
  }
  const leaderboard = params.get("leaderboard");
  if (leaderboard) return { page: "leaderboard", game: leaderboard };
  if (params.get("friends") !== null) return { page: "friends" };
  return { page: "home" };
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case "home":
      return "/";
    case "howto":
      return `/?howto=${encodeURIComponent(route.game)}`;
    case "replay":
      return `/?replay=${encodeURIComponent(route.id)}`;
    case "table":
      return `/?table=${encodeURIComponent(route.id)}${route.watch ? "&watch=1" : ""}`;
    case "player":
      return `/?player=${encodeURIComponent(route.name)}`;
    case "leaderboard":
      return `/?leaderboard=${encodeURIComponent(route.game)}`;
    case "moderation":
      return "/?moderation=1";
    case "friends":
      return "/?friends";
    case "account":
      return "/?account";
    case "learn":
      return `/?learn=${encodeURIComponent(route.game)}`;
    case "puzzles":
      return `/?puzzles=${encodeURIComponent(route.game)}${route.id ? `&puzzle=${encodeURIComponent(route.id)}` : ""}`;
  }
}

const listeners = new Set<() => void>();

export function navigate(route: Route): void {
  history.pushState(null, "", hrefOf(route));
  for (const l of listeners) l();
  window.scrollTo?.(0, 0);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.search));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.search));
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return route;
}
