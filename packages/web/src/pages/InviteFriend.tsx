// "Invite a friend" at an open table (issue 27): a seated player logged in names a friend, who is
// told at once wherever they are on the site (their notices) and takes a free seat by accepting.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account.ts";
import { api } from "../api.ts";
import { ErrorBox, errorText } from "../widgets.tsx";

export function InviteFriend({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const me = useAccount();
  const [name, setName] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (!me) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSent(null);
    try {
      await api.invite(tableId, name.trim());
      setSent(name.trim());
      setName("");
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form className="invite-friend row" onSubmit={(e) => void submit(e)} data-testid="invite-friend">
      <label>
        {t("invite.name")} <input name="invite-name" value={name} maxLength={40} required onChange={(e) => setName(e.target.value)} />
      </label>{" "}
      <button type="submit" className="small" data-testid="invite-send">{t("invite.submit")}</button>
      <span aria-live="polite" data-testid="invite-sent">{sent !== null ? ` ${t("invite.sent", { name: sent })}` : ""}</span>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </form>
  );
}
