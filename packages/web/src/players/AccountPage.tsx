// The account page (`/?account`): the password, the sessions (each browser logged in, this one
// marked, any of them ended; log out everywhere), recovery codes (how many are left, new ones shown
// once), your data (one JSON file) and deleting the account. Every action that ends sessions also
// replaces the account's seat tokens: this browser fetches its new ones (`refreshAccount`).
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api, type RecoveryCodesResponse, type SessionsResponse } from "../api.ts";
import { loggedOut, refreshAccount, useAccount } from "../account.ts";
import { navigate } from "../route.ts";
import { ErrorBox, errorText } from "../widgets.tsx";
import { PasswordForm } from "./PasswordForm.tsx";

export function AccountPage() {
  const { t } = useTranslation();
  const player = useAccount();
  if (!player) {
    return (
      <section className="account-page" aria-labelledby="account-title">
        <h1 id="account-title">{t("accountPage.title")}</h1>
        <p>{t("errors.not-logged-in")}</p>
      </section>
    );
  }
  return (
    <section className="account-page" aria-labelledby="account-title" data-testid="account-page">
      <h1 id="account-title">{t("accountPage.title")}</h1>
      <p>{t("account.playingAs", { name: player.name })}</p>
      <PasswordForm />
      <Sessions />
      <RecoveryCodes />
      <YourData />
      <DeleteAccount />
    </section>
  );
}

const when = (t: (key: string, values?: Record<string, unknown>) => string, at: number) => t("accountPage.at", { at: new Date(at) });

function Sessions() {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<SessionsResponse["sessions"] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => api.sessions().then(setSessions, setError), []);
  useEffect(() => void load(), [load]);
  const end = async (id: string) => {
    setBusy(true);
    setError(null);
    try {
      const { player } = await api.endSession(id);
      if (player === null) return loggedOut();
      await refreshAccount();
      await load();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const everywhere = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.logOutEverywhere();
      loggedOut();
      navigate({ page: "home" });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title">{t("accountPage.sessions")}</h2>
      <p className="muted small-text">{t("accountPage.sessionsHelp")}</p>
      {sessions === null ? (
        <p>{t("profile.loading")}</p>
      ) : (
        <ul className="sessions">
          {sessions.map((s) => (
            <li key={s.id} data-testid="session" className={s.current ? "current" : undefined}>
              <span>
                <strong>{s.device === "?" ? t("accountPage.unknownDevice") : s.device}</strong>
                {s.current && <> · <em>{t("accountPage.thisBrowser")}</em></>}
                <br />
                <span className="small-text">{t("accountPage.sessionTimes", { created: when(t, s.createdAt), seen: when(t, s.lastSeenAt) })}</span>
              </span>{" "}
              <button type="button" className="small" disabled={busy} onClick={() => void end(s.id)} aria-label={t("accountPage.endLabel", { action: s.current ? t("account.logOut") : t("accountPage.end"), device: s.device === "?" ? t("accountPage.unknownDevice") : s.device, created: when(t, s.createdAt) })}>
                {s.current ? t("account.logOut") : t("accountPage.end")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" disabled={busy} data-testid="logout-everywhere" onClick={() => void everywhere()}>{t("accountPage.everywhere")}</button>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </section>
  );
}

/** New recovery codes, shown once: this list and the download are the only copies. */
export function CodesShown({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="recovery-codes" data-testid="recovery-codes-shown" role="region" aria-labelledby="codes-shown-title">
      <h3 id="codes-shown-title">{t("accountPage.codesShownTitle")}</h3>
      <p>{t("accountPage.codesShownHelp")}</p>
      <ol className="codes">
        {codes.map((c) => (
          <li key={c}><code>{c}</code></li>
        ))}
      </ol>
      <button type="button" className="primary" data-testid="codes-saved" onClick={onDone}>{t("accountPage.codesSaved")}</button>
    </div>
  );
}

function RecoveryCodes() {
  const { t } = useTranslation();
  const [state, setState] = useState<RecoveryCodesResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => api.recoveryCodes().then(setState, setError), []);
  useEffect(() => void load(), [load]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCodes(await api.newRecoveryCodes(password));
      setPassword("");
      await load();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="codes-title" data-testid="recovery-codes">
      <h2 id="codes-title">{t("accountPage.codes")}</h2>
      <p className="muted small-text">{t("accountPage.codesHelp")}</p>
      {state && <p data-testid="codes-left">{t("accountPage.codesLeft", { unused: state.unused, used: state.used })}</p>}
      {codes ? (
        <CodesShown codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <label>
            {t("account.password")}{" "}
            <input name="codes-password" type="password" value={password} maxLength={200} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} required />
          </label>{" "}
          <button type="submit" disabled={busy} data-testid="new-codes">{t("accountPage.newCodes")}</button>
        </form>
      )}
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </section>
  );
}

function YourData() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">{t("accountPage.data")}</h2>
      <p className="muted small-text">{t("accountPage.dataHelp")}</p>
      <a className="button" href={api.exportUrl} download data-testid="export">{t("accountPage.download")}</a>
    </section>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.deleteAccount(password);
      loggedOut();
      navigate({ page: "home" });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="delete-title" data-testid="delete-account">
      <h2 id="delete-title">{t("accountPage.delete")}</h2>
      <p className="muted small-text">{t("accountPage.deleteHelp")}</p>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          {t("account.password")}{" "}
          <input name="delete-password" type="password" value={password} maxLength={200} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <label className="check">
          <input type="checkbox" name="delete-sure" checked={sure} onChange={(e) => setSure(e.target.checked)} required /> {t("accountPage.deleteSure")}
        </label>
        <button type="submit" className="danger" disabled={busy || !sure} data-testid="delete">{t("accountPage.deleteButton")}</button>
      </form>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
    </section>
  );
}
