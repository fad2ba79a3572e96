// A how-to-play page: the game's own rules summary in our own words, from its catalogues
// (`game.short` and the `rules.*` paragraphs, in order), then every component that has an effect
// (each `<x>.name` with an `<x>.effect`: spells, cards, tokens…), in the reader's language. A
// component whose name takes a parameter (Incantibus' gold, by its value) is named by `<x>.glossary`.
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { useGameText } from "../text.tsx";
import { gameIds } from "@grimoire/catalog/boards";
import { knownWords } from "@grimoire/catalog/words";
import { GameEmblem } from "./Home.tsx";

export function HowTo({ game }: { game: string }) {
  const { t } = useTranslation();
  const tx = useGameText(game, null, null);
  if (!gameIds.includes(game) || (!tx.game && !knownWords(game))) return <p role="alert">{t("app.unknownGame", { game })}</p>;
  // The game's words load on demand.
  if (!tx.game) return <p aria-live="polite">{t("table.loading")}</p>;
  const keys = Object.keys(tx.game.text.en);
  const paragraphs = keys.filter((key) => key.startsWith("rules."));
  const components = keys.filter((key) => key.endsWith(".name") && keys.includes(`${key.slice(0, -5)}.effect`)).map((key) => key.slice(0, -5));
  return (
    <article className="howto">
      <GameEmblem game={game} />
      <h1>
        {t("home.howtoOf", { game: tx.t("game.title") })}
      </h1>
      <p className="lead">{tx.t("game.short")}</p>
      <ol>
        {paragraphs.map((key) => (
          <li key={key}>{tx.t(key)}</li>
        ))}
      </ol>
      {components.length > 0 && (
        <>
          <h2>{t("home.components")}</h2>
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
      <Link to={{ page: "home" }}>{t("app.backHome")}</Link>
    </article>
  );
}
