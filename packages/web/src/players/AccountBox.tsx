// The header's account corner: a guest sees "Log in" (a small form that also creates accounts);
// a player sees their name (their profile), the leaderboard, and "Log out".
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { loadAccount, logIn, logOut, recover, signUp, useAccount } from "../account.ts";
import { moderationApi } from "../moderation/api.ts";
import { CodesShown } from "./AccountPage.tsx";
import { ErrorBox, errorText } from "../widgets.tsx";

export function AccountBox() {
  const { t } = useTranslation();
  const player = useAccount();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Recovery codes of a new account, shown once; the recovery form (a forgotten password).
  const [codes, setCodes] = useState<string[] | null>(null);
  const [recovering, setRecovering] = useState(false);
  const [code, setCode] = useState("");
  useEffect(loadAccount, []);
  // Moderators get the moderation page's link.
  const [moderator, setModerator] = useState(false);
  useEffect(() => {
    setModerator(false);
    if (player) moderationApi.standing().then((s) => setModerator(s.moderator), () => {});
  }, [player?.name]);

  if (player) {
    return (
      <nav className="account" aria-label={t("account.menu")}>
        <Link to={{ page: "player", name: player.name }} className="me">{player.name}</Link>{" "}
        <Link to={{ page: "friends" }}>{t("friends.link")}</Link>{" "}
        <Link to={{ page: "account" }} className="account-link">{t("accountPage.link")}</Link>{" "}
        <Link to={{ page: "leaderboard", game: "shazamm" }}>{t("account.leaderboard")}</Link>{" "}
        {moderator && (
          <>
            <Link to={{ page: "moderation" }}>{t("moderation.title")}</Link>{" "}
          </>
        )}
        <button type="button" className="small" data-testid="logout" onClick={() => void logOut().catch(setError)}>{t("account.logOut")}</button>
        <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
        {codes && <CodesShown codes={codes} onDone={() => setCodes(null)} />}
      </nav>
    );
  }
  const submit = (how: "login" | "signup" | "recover") => async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (how === "login") await logIn(name, password);
      else if (how === "recover") await recover(name, code, password);
      else setCodes(await signUp(name, password));
      setCode("");
      setRecovering(false);
      setOpen(false);
      setPassword("");
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <nav className="account" aria-label={t("account.menu")}>
      <Link to={{ page: "leaderboard", game: "shazamm" }}>{t("account.leaderboard")}</Link>{" "}
      <button type="button" className="small" aria-expanded={open} data-testid="account-open" onClick={() => setOpen(!open)}>{t("account.logIn")}</button>
      {open && (
        <form className="account-form" onSubmit={submit(recovering ? "recover" : "login")}>
          <label>
            {t("account.name")} <input name="account-name" value={name} maxLength={20} autoComplete="username" onChange={(e) => setName(e.target.value)} required />
          </label>
          {recovering && (
            <label>
              {t("accountPage.recoveryCode")} <input name="recovery-code" value={code} maxLength={40} autoComplete="one-time-code" onChange={(e) => setCode(e.target.value)} required />
            </label>
          )}
          <label>
            {recovering ? t("account.newPassword") : t("account.password")}{" "}
            <input name="account-password" type="password" value={password} maxLength={200} autoComplete={recovering ? "new-password" : "current-password"} onChange={(e) => setPassword(e.target.value)} required />
          </label>
          <p className="muted small-text">{recovering ? t("accountPage.recoverHelp") : t("account.rules")}</p>
          {recovering ? (
            <div className="row">
              <button type="submit" className="primary" disabled={busy} data-testid="recover">{t("accountPage.recover")}</button>{" "}
              <button type="button" disabled={busy} onClick={() => setRecovering(false)}>{t("accountPage.back")}</button>
            </div>
          ) : (
            <div className="row">
              <button type="submit" className="primary" disabled={busy} data-testid="login">{t("account.logIn")}</button>{" "}
              <button type="button" disabled={busy} data-testid="signup" onClick={() => void submit("signup")()}>{t("account.signUp")}</button>{" "}
              <button type="button" className="small" disabled={busy} data-testid="forgot" onClick={() => setRecovering(true)}>{t("accountPage.forgot")}</button>
            </div>
          )}
          <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
        </form>
      )}
    </nav>
  );
}
