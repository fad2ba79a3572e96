// Small shared widgets: error box, connection badge, countdown clock, and errors in words.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import i18next, { type TFunction } from "i18next";

/**
 * An error in the reader's language, from its code and parameters (`errors.<code>`): a server
 * refusal, a REST error, or a network failure. Unknown codes fall back to a generic sentence.
 */
export function errorText(t: TFunction, error: unknown): string {
  const { code, params } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; params?: Record<string, unknown> };
  const key = typeof code === "string" ? `errors.${code}` : "errors.unknown";
  // ICU select keys cannot hold "-": "too-long" is worded as too_long.
  const values: Record<string, unknown> = { ...(params ?? {}), code: typeof code === "string" ? code : "?" };
  if (code === "muted" || code === "banned") {
    // The moderator's reason is shown as written; the end as a date in the reader's language.
    values.forGood = values.until === "never" ? "yes" : "no";
    values.when = typeof values.until === "number" ? new Intl.DateTimeFormat(i18next.language === "fr" ? "fr-FR" : "en-GB", { dateStyle: "long", timeStyle: "short" }).format(values.until) : "";
  } else if (typeof values.reason === "string") values.reason = values.reason.replace(/-/g, "_");
  if (typeof values.retryAfterMs === "number") values.retrySeconds = Math.max(1, Math.ceil(values.retryAfterMs / 1000));
  else values.retryAfterMs = 0;
  try {
    return t([key, "errors.unknown"], values);
  } catch {
    return t("errors.unknown", values);
  }
}

export function ErrorBox({ message, onDismiss }: { message: string | null; onDismiss?: () => void }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div role="alert" className="error">
      <strong>{t("app.labelled", { label: t("match.error") })}</strong> {message}{" "}
      {onDismiss && (
        <button type="button" className="small" onClick={onDismiss}>
          {t("match.dismiss")}
        </button>
      )}
    </div>
  );
}

/** Seconds left until `deadline`, ticking; `label` words them (default "{s} s left"). */
/** `secondary`: a repeat of the main timer (a seat's own clock): not announced as a second timer. */
/**
 * Time left in words: days and hours for a turn-based clock, minutes and seconds close to the end
 * ("2 d 4 h", "3 min 20 s", "8 s"): at most the two largest units.
 */
export function timeLeft(t: TFunction, seconds: number): string {
  const units = [Math.floor(seconds / 86_400), Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const first = units.findIndex((u) => u > 0);
  if (first < 0) return t("match.timeUp");
  const keep = (i: number) => (i === first || i === first + 1 ? units[i]! : 0);
  return t("match.time", { d: keep(0), h: keep(1), m: keep(2), sec: keep(3) }).trim();
}

export function Countdown({ deadline, label, secondary = false }: { deadline: number | null; label?: (seconds: number, time: string) => string; secondary?: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [deadline]);
  if (deadline === null) return null;
  const s = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <span className={`clock${s <= 10 ? " urgent" : ""}`} role={secondary ? undefined : "timer"} data-seconds={s}>
      <svg className="clock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 9V5.5M6.5 1.8h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>{" "}
      {label ? label(s, timeLeft(t, s)) : t("match.clock", { time: timeLeft(t, s) })}
    </span>
  );
}
