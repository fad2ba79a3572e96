// A how-to-play page: a few short paragraphs in our own words, per language.
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { GAME_IDS } from "../protocol.ts";
import { GameEmblem } from "./Home.tsx";

export function HowTo({ game }: { game: string }) {
  const { t } = useTranslation();
  if (!(GAME_IDS as readonly string[]).includes(game)) return <p role="alert">Unknown game “{game}”.</p>;
  const paragraphs = t(`games.${game}.howto`, { returnObjects: true }) as string[];
  return (
    <article className="howto">
      <GameEmblem game={game} />
      <h1>
        {t("home.howto")}: {t(`games.${game}.title`)}
      </h1>
      <p className="lead">{t(`games.${game}.short`)}</p>
      <ol>
        {paragraphs.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ol>
      <Link to={{ page: "home" }}>← {t("app.home")}</Link>
    </article>
  );
}
