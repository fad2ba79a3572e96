// The header's account corner: a guest sees "Log in" (a small form that also creates accounts);
// a player sees their name (their profile), the leaderboard, and "Log out".
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../App.tsx";
import { loadAccount, logIn, logOut, signUp, useAccount } from "../account.ts";
import { moderationApi } from "../moderation/api.ts";
import { ErrorBox, errorText } from "../widgets.tsx";

export function AccountBox() {
  const { t } = useTranslation();
  const player = useAccount();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
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
        <Link to={{ page: "leaderboard", game: "shazamm" }}>{t("account.leaderboard")}</Link>{" "}
        {moderator && (
          <>
            <Link to={{ page: "moderation" }}>{t("moderation.title")}</Link>{" "}
          </>
        )}
        <button type="button" className="small" data-testid="logout" onClick={() => void logOut().catch(setError)}>{t("account.logOut")}</button>
        <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
      </nav>
    );
  }
  const submit = (how: "login" | "signup") => async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await (how === "login" ? logIn(name, password) : signUp(name, password));
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
        <form className="account-form" onSubmit={submit("login")}>
          <label>
            {t("account.name")} <input name="account-name" value={name} maxLength={20} autoComplete="username" onChange={(e) => setName(e.target.value)} required />
          </label>
          <label>
            {t("account.password")} <input name="account-password" type="password" value={password} maxLength={200} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} required />
          </label>
          <p className="muted small-text">{t("account.rules")}</p>
          <div className="row">
            <button type="submit" className="primary" disabled={busy} data-testid="login">{t("account.logIn")}</button>{" "}
            <button type="button" disabled={busy} data-testid="signup" onClick={() => void submit("signup")()}>{t("account.signUp")}</button>
          </div>
          <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
        </form>
      )}
    </nav>
  );
}
