// The in-app notification of invitations (issue 27): under the header, each pending invitation
// says who invites to which game, with Accept (the seat is taken, then the table opens) and
// Decline. An invitation that arrives while the tab is in the background is also a Web
// Notification, as a turn is (TableControls' `notifyHidden`), when the player allowed them.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account.ts";
import { api, holdSeat } from "../api.ts";
import { dropInvitation, followNotices, onInvitation, useInvitations } from "../notices.ts";
import { notifyHidden } from "../pages/TableControls.tsx";
import { navigate } from "../route.ts";
import { gameText, useGameText, useWordsLoaded } from "../text.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";

export function Invitations() {
  useWordsLoaded();
  const { t } = useTranslation();
  const me = useAccount();
  const invitations = useInvitations();
  const lang = useGameText("", null, null).lang;
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const title = (game: string) => (game ? gameText(game, lang, {}).t("game.title") : "?");
  useEffect(() => followNotices(me?.name ?? null), [me?.name]);
  useEffect(() => onInvitation((i) => notifyHidden(t("invite.notifyTitle"), t("invite.from", { from: i.from, game: title(i.game) }), `grimoire-invitation-${i.id}`)), [t, lang]);

  const answer = async (id: string, table: string, accept: boolean) => {
    setBusy(id);
    setError(null);
    try {
      if (accept) {
        const joined = await api.acceptInvitation(id);
        holdSeat(table, { seat: joined.seat, token: joined.token, name: me?.name ?? "" });
        dropInvitation(id);
        navigate({ page: "table", id: table, watch: false });
      } else {
        await api.declineInvitation(id);
        dropInvitation(id);
      }
    } catch (err) {
      setError(err);
      // Expired or answered elsewhere: it is no longer pending.
      const code = (err as { code?: string }).code;
      if (code === "invitation-expired" || code === "invitation-used" || code === "unknown-invitation") dropInvitation(id);
    } finally {
      setBusy(null);
    }
  };
  if (!me || (invitations.length === 0 && error === null)) return null;
  return (
    <section className="invitations" aria-label={t("invite.notices")} data-testid="invitations">
      <div role="status">
        <ul>
          {invitations.map((i) => (
            <li key={i.id} className="invitation" data-testid="invitation" data-table={i.table}>
              <span>{t("invite.from", { from: i.from, game: title(i.game) })}</span>{" "}
              <button type="button" className="primary small" disabled={busy !== null} data-testid="invitation-accept" onClick={() => void answer(i.id, i.table, true)}>{t("invite.accept")}</button>{" "}
              <button type="button" className="small" disabled={busy !== null} data-testid="invitation-decline" onClick={() => void answer(i.id, i.table, false)}>{t("invite.decline")}</button>
            </li>
          ))}
        </ul>
      </div>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </section>
  );
}
