// The friends page (issue 27): your friends (each follows the other) with where they are —
// online, at a table (linked: watch it or join it), offline —, whom you follow and who follows
// you (follow back, unfollow), whom you block (unblock), and a form to follow a player by name.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { useAccount } from "../account.ts";
import { api } from "../api.ts";
import type { FriendsResponse } from "../protocol.ts";
import { gameText, useGameText, useWordsLoaded } from "../text.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";
import { Avatar } from "./Avatar.tsx";

/** How often the list (and its presence) is read again while the page is open. */
const REFRESH_MS = 15_000;

export function Friends() {
  useWordsLoaded();
  const { t } = useTranslation();
  const me = useAccount();
  const lang = useGameText("", null, null).lang;
  const [data, setData] = useState<FriendsResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [name, setName] = useState("");
  const load = useCallback(() => void api.friends().then(setData, setError), []);
  useEffect(() => {
    if (!me) return;
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [me, load]);
  const relate = async (who: string, verb: "follow" | "unfollow" | "block" | "unblock") => {
    setError(null);
    try {
      await api.relate(who, verb);
      load();
    } catch (err) {
      setError(err);
    }
  };
  const follow = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    await relate(name.trim(), "follow");
    setName("");
  };
  if (!me) return <p>{t("friends.loggedOut")}</p>;
  const title = (game: string) => gameText(game, lang, {}).t("game.title");
  const player = (who: string) => (
    <Link to={{ page: "player", name: who }} className="player-link">
      <Avatar name={who} />
      {who}
    </Link>
  );
  return (
    <section className="friends" data-testid="friends">
      <h1>{t("friends.title")}</h1>
      <form onSubmit={(e) => void follow(e)} className="row">
        <label>
          {t("friends.followName")} <input name="follow-name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </label>{" "}
        <button type="submit" className="primary" data-testid="follow-name">{t("friends.follow")}</button>
      </form>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
      {!data ? (
        <p aria-live="polite">{t("friends.loading")}</p>
      ) : (
        <>
          <h2>{t("friends.friends")}</h2>
          {data.friends.length === 0 && <p>{t("friends.noFriends")}</p>}
          <ul className="friend-list" data-testid="friend-list">
            {data.friends.map((f) => (
              <li key={f.name} data-testid="friend" data-name={f.name} data-presence={f.presence.status}>
                {player(f.name)}{" "}
                <span className={`presence presence-${f.presence.status}`}>{t("friends.presence", { status: f.presence.status.replace("-", "_") })}</span>
                {f.presence.status === "at-table" &&
                  f.presence.tables.map((table) => (
                    <span key={table.id}>
                      {" · "}
                      <Link to={{ page: "table", id: table.id, watch: false }}>{t("friends.atTable", { game: title(table.game) })}</Link>
                    </span>
                  ))}
              </li>
            ))}
          </ul>
          <h2>{t("friends.following")}</h2>
          {data.following.length === 0 && <p>{t("friends.none")}</p>}
          <ul className="friend-list">
            {data.following.map((f) => (
              <li key={f.name}>
                {player(f.name)} {f.friend && <span className="muted">({t("friends.mutual")})</span>}{" "}
                <button type="button" className="small" onClick={() => void relate(f.name, "unfollow")}>{t("friends.unfollow")}</button>
              </li>
            ))}
          </ul>
          <h2>{t("friends.followers")}</h2>
          {data.followers.length === 0 && <p>{t("friends.none")}</p>}
          <ul className="friend-list">
            {data.followers.map((f) => (
              <li key={f.name}>
                {player(f.name)}{" "}
                {!f.friend && (
                  <button type="button" className="small" data-testid="follow-back" onClick={() => void relate(f.name, "follow")}>{t("friends.follow")}</button>
                )}
              </li>
            ))}
          </ul>
          <h2>{t("friends.blocked")}</h2>
          {data.blocked.length === 0 && <p>{t("friends.none")}</p>}
          <ul className="friend-list">
            {data.blocked.map((f) => (
              <li key={f.name}>
                {player(f.name)} <button type="button" className="small" onClick={() => void relate(f.name, "unblock")}>{t("friends.unblock")}</button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
