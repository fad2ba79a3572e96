// A how-to-play page: the game's own rules summary in our own words, from its catalogues
// (`game.short` and the `rules.*` paragraphs, in order), then every component that has an effect
// (each `<x>.name` with an `<x>.effect`: spells, cards, tokens…), in the reader's language. A
// component whose name takes a parameter (Incantibus' gold, by its value) is named by `<x>.glossary`.
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { useGameText } from "../text.tsx";
import { gameIds } from "@grimoire/catalog/boards";
import { knownWords } from "@grimoire/catalog/words";
import { hasTutorial } from "@grimoire/catalog/tutorials";
import { GameEmblem } from "./Home.tsx";
import { GameFaces } from "../games/GameBoard.tsx";

export function HowTo({ game }: { game: string }) {
  const { t } = useTranslation();
  const tx = useGameText(game, null, null);
  if (!gameIds.includes(game) || (!tx.game && !knownWords(game))) return <p role="alert">{t("app.unknownGame", { game })}</p>;
  // The game's words load on demand.
  if (!tx.game) return <p aria-live="polite">{t("table.loading")}</p>;
  return (
    <article className="howto">
      <GameEmblem game={game} />
      <h1>
        {t("home.howtoOf", { game: tx.t("game.title") })}
      </h1>
      {hasTutorial(game) && (
        <p className="howto-learn">
          <Link to={{ page: "learn", game }} className="button-link">{t("learn.link")}</Link>
        </p>
      )}
      <RulesText game={game} />
      <Link to={{ page: "home" }}>{t("app.backHome")}</Link>
    </article>
  );
}

/** The rules in our words and every component with its effect: the how-to page's text, and the table's rules drawer. */
export function RulesText({ game, level = 2 }: { game: string; level?: 2 | 3 }) {
  const { t } = useTranslation();
  const tx = useGameText(game, null, null);
  if (!tx.game) return <p aria-live="polite">{t("table.loading")}</p>;
  const keys = Object.keys(tx.game.text.en);
  const paragraphs = keys.filter((key) => key.startsWith("rules."));
  const components = keys.filter((key) => key.endsWith(".name") && keys.includes(`${key.slice(0, -5)}.effect`)).map((key) => key.slice(0, -5));
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <>
      <p className="lead">{tx.t("game.short")}</p>
      <ol>
        {paragraphs.map((key) => (
          <li key={key}>{tx.t(key)}</li>
        ))}
      </ol>
      {components.length > 0 && (
        <>
          <Heading>{t("home.components")}</Heading>
          <dl className="glossary">
            {components.map((id) => (
              <div key={id}>
                <dt>{tx.t(keys.includes(`${id}.glossary`) ? `${id}.glossary` : `${id}.name`)}</dt>
                <dd>{tx.t(`${id}.effect`)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </>
  );
}

/**
 * "Rules" at the table: a drawer over the side of the screen (the whole screen on a phone) with the
 * how-to page's text, so nobody leaves the game to read it. Escape or "Close" shuts it and gives
 * the focus back to the button.
 */
export function RulesDrawer({ game }: { game: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const heading = useId();
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener.current?.focus();
    };
  }, [open]);
  return (
    <>
      <button ref={opener} type="button" className="small rules-open" aria-expanded={open} data-testid="rules-open" onClick={() => setOpen(!open)}>
        {t("match.rules")}
      </button>
      {open && (
        <aside ref={panel} className="rules-drawer" role="dialog" aria-labelledby={heading} tabIndex={-1} data-testid="rules-drawer">
          <div className="rules-drawer-head">
            <h2 id={heading}>{t("match.rulesTitle")}</h2>
            <button type="button" className="small" onClick={() => setOpen(false)}>
              {t("match.rulesClose")}
            </button>
          </div>
          <RulesText game={game} level={3} />
          <RulesFaces game={game} />
        </aside>
      )}
    </>
  );
}

/** The components' faces, as the board draws them (each with its rule text in its popover). */
function RulesFaces({ game }: { game: string }) {
  const { t } = useTranslation();
  const tx = useGameText(game, null, null);
  return (
    <section className="rules-faces-section" aria-label={t("match.rulesFaces")}>
      <h3>{t("match.rulesFaces")}</h3>
      <GameFaces game={game} tx={tx} />
    </section>
  );
}
