// On your own profile: change your password. The current one is asked again; every other browser
// logged in to the account is logged out by the server, this one stays logged in.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api.ts";
import { refreshAccount } from "../account.ts";
import { ErrorBox, errorText } from "../widgets.tsx";

export function PasswordForm() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await api.changePassword(current, password);
      // the server replaced the account's seat tokens: this browser takes the new ones
      await refreshAccount().catch(() => {});
      setCurrent("");
      setPassword("");
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="password-form" aria-labelledby="password-form-title">
      <h2 id="password-form-title">{t("account.changePassword")}</h2>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          {t("account.currentPassword")}{" "}
          <input name="current-password" type="password" value={current} maxLength={200} autoComplete="current-password" onChange={(e) => setCurrent(e.target.value)} required />
        </label>{" "}
        <label>
          {t("account.newPassword")}{" "}
          <input name="new-password" type="password" value={password} minLength={8} maxLength={200} autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <p className="muted small-text">{t("account.passwordHelp")}</p>
        <button type="submit" disabled={busy} data-testid="change-password">{t("account.savePassword")}</button>
      </form>
      <p role="status">{done ? t("account.passwordChanged") : ""}</p>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </section>
  );
}
