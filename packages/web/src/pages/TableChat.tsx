// The table's chat: the players' channel and the spectators' (players read it only if the table
// says so), a message box bounded like the server's limit, and muting per browser (a seat, or a
// spectator by name). Every message is plain text: rendered as React text, never as markup.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { mutedAt, playerName, setMutedAt } from "../api.ts";
import type { MatchConnection, MatchSnapshot } from "../connection.ts";
import { MAX_CHAT_LENGTH, type ChatMessage } from "../protocol.ts";
import { useGameText } from "../text.tsx";
import { useAccount } from "../account.ts";
import { ReportButton } from "../moderation/ReportButton.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";

/** Who wrote a message, as muting knows them: the seat number, or "~name" for a spectator. */
export function authorKey(m: ChatMessage): string {
  return m.seat !== null ? String(m.seat) : `~${m.name ?? ""}`;
}

export function TableChat({ snap, connection }: { snap: MatchSnapshot; connection: Pick<MatchConnection, "chat" | "clearChatError"> }) {
  const { t, i18n } = useTranslation();
  const table = snap.table;
  const mySeat = typeof snap.you === "number" ? snap.you : null;
  const tx = useGameText(table?.game ?? "", table, mySeat);
  const [text, setText] = useState("");
  const [muted, setMuted] = useState<string[]>(() => (table ? mutedAt(table.id) : []));
  const account = useAccount();
  if (!table || snap.you === null) return null;

  const toggle = (key: string) => {
    const next = muted.includes(key) ? muted.filter((k) => k !== key) : [...muted, key];
    setMuted(next);
    setMutedAt(table.id, next);
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === "") return;
    if (connection.chat(text, mySeat === null ? playerName() || undefined : undefined)) setText("");
  };
  const shown = snap.chat.filter((m) => !muted.includes(authorKey(m)));
  const hidden = snap.chat.length - shown.length;
  const author = (m: ChatMessage) => (m.seat !== null ? tx.displayName(m.seat) : m.name ?? t("chat.someone"));
  const time = (at: number) => new Intl.DateTimeFormat(i18n.language === "fr" ? "fr" : "en", { hour: "2-digit", minute: "2-digit" }).format(at);
  const mutable = [
    ...table.seats.filter((s) => s.kind === "human" && s.seat !== mySeat).map((s) => ({ key: String(s.seat), name: tx.displayName(s.seat) })),
    ...[...new Set(snap.chat.filter((m) => m.seat === null).map((m) => m.name ?? ""))].map((name) => ({ key: `~${name}`, name: name || t("chat.someone") })),
  ];
  return (
    <section className="chat" aria-labelledby="chat-h" data-testid="chat">
      <h2 id="chat-h">{mySeat === null ? t("chat.titleSpectator") : t("chat.title")}</h2>
      <p className="muted small-text">
        {mySeat === null ? t("chat.spectatorsNote") : table.spectatorChat ? t("chat.playersSeeSpectators") : t("chat.playersOnly")}
      </p>
      <ol className="chat-lines" aria-live="polite" aria-relevant="additions">
        {shown.map((m) => (
          <li key={m.id} className={`chat-line chat-${m.channel}`} data-testid="chat-line">
            <span className="muted small-text">{time(m.at)}</span> <strong>{author(m)}</strong>
            {/* a named spectator is marked as one; "a spectator" says it already */}
            {m.channel === "spectators" && m.name && <span className="muted"> ({t("chat.spectator")})</span>}
            {t("chat.colon")} <span className="chat-text">{m.text}</span>
            {/* logged in, any line but one's own can be reported to the moderators */}
            {account && (m.seat === null || m.seat !== mySeat) && (
              <>
                {" "}
                <ReportButton target={{ table: table.id, message: m.id }} label={t("report.messageFrom", { who: author(m) })} />
              </>
            )}
          </li>
        ))}
      </ol>
      {hidden > 0 && <p className="muted small-text">{t("chat.hidden", { n: hidden })}</p>}
      <form onSubmit={send} className="chat-form">
        <label>
          <span className="sr-only">{t("chat.message")}</span>
          <input
            name="chat"
            aria-label={t("chat.message")}
            value={text}
            maxLength={MAX_CHAT_LENGTH}
            placeholder={t("chat.placeholder")}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </label>{" "}
        <button type="submit" data-testid="chat-send">{t("chat.send")}</button>{" "}
        <span className="muted small-text">{t("chat.left", { n: MAX_CHAT_LENGTH - [...text].length })}</span>
      </form>
      <ErrorBox message={snap.chatError ? errorText(t, snap.chatError) : null} onDismiss={() => connection.clearChatError()} />
      {mutable.length > 0 && (
        <details className="mutes">
          <summary>{t("chat.mute")}</summary>
          <ul>
            {mutable.map((p) => (
              <li key={p.key}>
                <label className="check">
                  <input type="checkbox" checked={muted.includes(p.key)} onChange={() => toggle(p.key)} data-testid={`mute-${p.key}`} /> {t("chat.muteWho", { who: p.name })}
                </label>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
