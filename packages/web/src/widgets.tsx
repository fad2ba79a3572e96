// Small shared widgets: error box, connection badge, countdown clock.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

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
