// The match's log: every line since the first action (the server sends the history on a fresh
// hello), grouped by version, newest first, as this reader saw it. A line caused by a bot carries
// a tag on that action's first line only: "bot" for a bot's seat, "a bot for Ann: time ran out"
// for a bot standing in for a player. Long logs show their latest groups and page back on demand.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LogLine, MatchSnapshot } from "../connection.ts";
import type { GameTextApi } from "../text.tsx";

const PAGE = 150;

interface Group {
  readonly version: number;
  readonly actor: number;
  readonly by: string;
  readonly lines: readonly LogLine[];
}

export function groupLog(log: readonly LogLine[]): Group[] {
  const groups: Group[] = [];
  for (const line of log) {
    const last = groups.at(-1);
    if (last && last.version === line.version) (last.lines as LogLine[]).push(line);
    else groups.push({ version: line.version, actor: line.actor, by: line.by, lines: [line] });
  }
  return groups;
}

export function GameLog({ log, tx, viewer }: { log: MatchSnapshot["log"]; tx: GameTextApi; viewer: MatchSnapshot["you"] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const groups = useMemo(() => groupLog(log), [log]);
  const visible = groups.slice(-shown).reverse();
  const hidden = groups.length - visible.length;
  const word = (event: unknown): string => (tx.game ? tx.line(tx.game.describeEvent(event, viewer ?? "spectator")) : "");
  const tag = (g: Group): string | null => {
    if (g.by === "bot") return t("match.tagBot");
    if (g.by === "clock" || g.by === "absent") return t("match.tagStandIn", { by: g.by, who: tx.displayName(g.actor) });
    return null;
  };
  return (
    <section className="log" aria-labelledby="log-h" data-lines={log.length}>
      <h2 id="log-h">{t("match.log")}</h2>
      {/* Scrollable: focusable, so a keyboard can scroll it. */}
      <ol reversed aria-live="polite" aria-relevant="additions" tabIndex={0} aria-labelledby="log-h">
        {visible.map((g) => {
          const chip = tag(g);
          return g.lines.map((l, i) => (
            <li key={`${g.version}-${i}`} className={`${i === 0 ? "log-first" : "log-more"}${chip && i === 0 ? " by-bot" : ""}`} data-version={g.version}>
              {word(l.event)}
              {chip && i === 0 && <span className={`log-tag tag-${g.by}`}> {chip}</span>}
            </li>
          ));
        })}
      </ol>
      {hidden > 0 && (
        <button type="button" className="small" onClick={() => setShown(shown + PAGE)}>
          {t("match.logEarlier", { n: hidden })}
        </button>
      )}
    </section>
  );
}
