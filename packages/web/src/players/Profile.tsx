// A player's profile: per game, matches played and won, the rating and its history (a small line
// chart with the list beneath), then the past games, each with its result for this player (won,
// lost, its place among more than two, aborted or abandoned), the rating it gained or lost, the
// opponents (accounts linked to their profiles, bots by level) and its replay, a page at a time
// ("Older games" asks for the next). On your own profile, the form to change your password.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { useAccount } from "../account.ts";
import { api } from "../api.ts";
import type { PastGame, ProfileResponse } from "../protocol.ts";
import { gameText, useGameText, useWordsLoaded } from "../text.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";
import { ReportButton } from "../moderation/ReportButton.tsx";
import { Avatar } from "./Avatar.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import type { RelationResponse } from "../protocol.ts";

/** A rating as shown: the ordinal with one decimal, in the reader's language. */
export function ratingText(lang: string, ordinal: number): string {
  return new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ordinal);
}

export function Profile({ name }: { name: string }) {
  useWordsLoaded(); // other games' titles arrive with their words
  const { t, i18n } = useTranslation();
  const [profile, setProfile] = useState<ProfileResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const lang = useGameText("", null, null).lang;
  const me = useAccount();
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    setProfile(null);
    api.profile(name).then(setProfile, setError);
  }, [name]);
  /** The next page of finished matches, added below those shown. */
  const more = (from: number) => {
    setLoadingMore(true);
    api.profile(name, from).then(
      (next) => {
        setProfile((p) => (p && p.name === next.name ? { ...p, matches: [...p.matches, ...next.matches], matchesTotal: next.matchesTotal, matchesNext: next.matchesNext } : p));
        setLoadingMore(false);
      },
      (e: unknown) => {
        setError(e);
        setLoadingMore(false);
      },
    );
  };
  if (error) return <ErrorBox message={errorText(t, error)} />;
  if (!profile) return <p aria-live="polite">{t("profile.loading")}</p>;
  const title = (game: string) => gameText(game, lang, {}).t("game.title");
  return (
    <section className="profile" data-testid="profile">
      <h1 className="profile-head">
        <Avatar name={profile.name} size={64} label /> {t("profile.title", { name: profile.name })}
      </h1>
      <p className="muted">{t("profile.since", { date: profile.createdAt })}</p>
      {me && me.name !== profile.name && (
        <p>
          <ReportButton target={{ player: profile.name }} label={t("report.player", { name: profile.name })} />
        </p>
      )}
      {me !== null && me.name !== profile.name && <RelationBar name={profile.name} />}
      {profile.games.length === 0 && <p>{t("profile.noGames")}</p>}
      {profile.games.map((g) => (
        <article key={g.game} className="profile-game" data-game={g.game}>
          <h2>{title(g.game)}</h2>
          <p>
            {t("profile.record", { played: g.played, won: g.won })} ·{" "}
            {g.rating ? (
              <span className="rating" data-testid="profile-rating">{t("profile.rating", { rating: ratingText(i18n.language, g.rating.ordinal) })}
                {g.rating.provisional && (
                  <abbr className="provisional" title={t("leaderboard.provisional")}>
                    {t("leaderboard.provisionalMark")}
                  </abbr>
                )}
              </span>
            ) : (
              <span className="muted">{t("profile.unrated")}</span>
            )}{" "}
            · <Link to={{ page: "leaderboard", game: g.game }}>{t("account.leaderboard")}</Link>
          </p>
          {g.history.length > 0 && <History points={g.history.map((h) => h.ordinal)} label={t("profile.history")} lang={i18n.language} />}
        </article>
      ))}
      <h2>{t("profile.matches")}</h2>
      {profile.matches.length === 0 ? (
        <p className="muted">{t("profile.noMatches")}</p>
      ) : (
        <ul className="matches">
          {profile.matches.map((m) => (
            <PastGameLine key={m.table} game={m} title={title(m.game)} />
          ))}
        </ul>
      )}
      {profile.matchesNext !== null && (
        <p>
          <button type="button" className="small" data-testid="more-matches" disabled={loadingMore} onClick={() => more(profile.matchesNext!)}>
            {t("profile.moreMatches", { left: profile.matchesTotal - profile.matches.length })}
          </button>
        </p>
      )}
      {me !== null && me.name === profile.name && <PasswordForm />}
    </section>
  );
}

/** Your relation to the player shown: follow or unfollow, block or unblock. */
function RelationBar({ name }: { name: string }) {
  const { t } = useTranslation();
  const [relation, setRelation] = useState<RelationResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api.relation(name).then(setRelation, setError);
  }, [name]);
  const act = (verb: "follow" | "unfollow" | "block" | "unblock") => {
    setError(null);
    api.relate(name, verb).then(setRelation, setError);
  };
  if (!relation) return <ErrorBox message={error === null ? null : errorText(t, error)} />;
  return (
    <div className="relation" data-testid="relation">
      <p>
        {relation.blocked
          ? t("friends.blockedNote", { name })
          : t("friends.relation", { name, following: relation.following ? "yes" : "no", followedBy: relation.followedBy ? "yes" : "no" }).trim()}
      </p>
      <div className="row">
        {!relation.blocked && (
          <button type="button" className={relation.following ? "small" : "primary small"} data-testid="follow" onClick={() => act(relation.following ? "unfollow" : "follow")}>
            {relation.following ? t("friends.unfollow") : t("friends.follow")}
          </button>
        )}{" "}
        <button type="button" className="small" data-testid="block" onClick={() => act(relation.blocked ? "unblock" : "block")}>
          {relation.blocked ? t("friends.unblock") : t("friends.block")}
        </button>
      </div>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </div>
  );
}

/** A rating change as shown: signed, one decimal ("+3.2", "−1,5"). */
export function ratingChangeText(lang: string, change: number): string {
  return new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(change);
}

/** One past game: when, the result for this player, the rating change, against whom (linked), the replay. */
function PastGameLine({ game: m, title }: { game: PastGame; title: string }) {
  const { t, i18n } = useTranslation();
  const names = m.opponents.map((o) => (o.bot !== null ? t("leaderboard.bot", { level: t(`create.level.${o.bot}`) }) : (o.name ?? t("profile.guest"))));
  // the language's list ("Ann, Bob and a bot"), each name in its place as a link or plain text
  const parts = new Intl.ListFormat(i18n.language === "fr" ? "fr" : "en", { style: "long", type: "conjunction" }).formatToParts(names);
  let at = 0;
  const against = parts.map((part, i) => {
    if (part.type === "literal") return <span key={i}>{part.value}</span>;
    const o = m.opponents[at++]!;
    return o.account && o.name !== null ? (
      <Link key={i} to={{ page: "player", name: o.name }}>
        {o.name}
      </Link>
    ) : (
      <span key={i}>{part.value}</span>
    );
  });
  return (
    <li className={`past-game ${m.result}`} data-testid="past-game">
      <span>{t("profile.match", { game: title, at: m.at })}</span>
      {" · "}
      <strong className="past-result">{m.place !== null ? t("profile.place", { place: m.place, seats: m.seats }) : t(`profile.result.${m.result}`)}</strong>
      {m.aborted && <span className="muted"> {t("profile.aborted")}</span>}
      {m.ratingChange !== null && (
        <span className={`rating-change ${m.ratingChange > 0 ? "up" : m.ratingChange < 0 ? "down" : ""}`}> {t("profile.ratingChange", { change: ratingChangeText(i18n.language, m.ratingChange) })}</span>
      )}
      {m.opponents.length > 0 && (
        <span className="past-against">
          {" · "}
          {t("profile.against")} {against}
        </span>
      )}
      {" · "}
      <Link to={{ page: "replay", id: m.table }}>{t("replay.watch")}</Link>
    </li>
  );
}

/** The rating after each rated match, oldest first, as a line and as a list. */
function History({ points, label, lang }: { points: readonly number[]; label: string; lang: string }) {
  const { t } = useTranslation();
  const historyLine = (ratings: string) => t("profile.historyLine", { ratings });
  const w = 240;
  const h = 60;
  const min = Math.min(...points, 0);
  const max = Math.max(...points, 1);
  const x = (i: number) => (points.length === 1 ? w / 2 : (i / (points.length - 1)) * w);
  const y = (v: number) => h - ((v - min) / (max - min)) * h;
  return (
    <figure className="history">
      <svg width={w} height={h} viewBox={`-4 -4 ${w + 8} ${h + 8}`} role="img" aria-label={label}>
        <polyline fill="none" stroke="currentColor" strokeWidth="2" points={points.map((v, i) => `${x(i)},${y(v)}`).join(" ")} />
        {points.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r="3" fill="currentColor" />
        ))}
      </svg>
      <figcaption className="muted small-text">
        {historyLine(points.map((p) => ratingText(lang, p)).join(" → "))}
      </figcaption>
    </figure>
  );
}
