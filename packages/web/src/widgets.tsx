// Small shared widgets: error box, connection badge, countdown clock, and errors in words.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";

/**
 * An error in the reader's language, from its code and parameters (`errors.<code>`): a server
 * refusal, a REST error, or a network failure. Unknown codes fall back to a generic sentence.
 */
export function errorText(t: TFunction, error: unknown): string {
  const { code, params } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; params?: Record<string, unknown> };
  const key = typeof code === "string" ? `errors.${code}` : "errors.unknown";
  // ICU select keys cannot hold "-": "too-long" is worded as too_long.
  const values: Record<string, unknown> = { ...(params ?? {}), code: typeof code === "string" ? code : "?" };
  if (typeof values.reason === "string") values.reason = values.reason.replace(/-/g, "_");
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
      <strong>{t("match.error")}:</strong> {message}{" "}
      {onDismiss && (
        <button type="button" className="small" onClick={onDismiss}>
          {t("match.dismiss")}
        </button>
      )}
    </div>
  );
}

export function Countdown({ deadline }: { deadline: number | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [deadline]);
  if (deadline === null) return null;
  const s = Math.max(0, Math.ceil((deadline - now) / 1000));
  return <span className={`clock${s <= 10 ? " urgent" : ""}`} role="timer">⏱ {t("match.clock", { s })}</span>;
}
