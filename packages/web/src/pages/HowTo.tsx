// A how-to-play page: the game's own rules summary in our own words, from its catalogues
// (`game.short` and the `rules.*` paragraphs, in order), in the reader's language.
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { GAME_IDS } from "../protocol.ts";
import { useGameText } from "../text.tsx";
import { GameEmblem } from "./Home.tsx";

export function HowTo({ game }: { game: string }) {
  const { t } = useTranslation();
  const tx = useGameText(game, null, null);
  if (!(GAME_IDS as readonly string[]).includes(game) || !tx.game) return <p role="alert">{t("app.unknownGame", { game })}</p>;
  const paragraphs = Object.keys(tx.game.text.en).filter((key) => key.startsWith("rules."));
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
      <Link to={{ page: "home" }}>{t("app.backHome")}</Link>
    </article>
  );
}
