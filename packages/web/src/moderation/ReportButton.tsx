// "Report": a small button beside a chat line or on a profile that opens a form (a reason from
// the fixed list, a note, required for "other") and sends the report; the answer (thanks, or why
// it was refused) is said in place.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox, errorText } from "../widgets.tsx";
import { moderationApi, REPORT_REASONS, type ReportReason, type ReportTarget } from "./api.ts";

export function ReportButton({ target, label }: { target: ReportTarget; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>("insult");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (done) return <span className="muted small-text" role="status" data-testid="report-done">{t("report.thanks")}</span>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await moderationApi.report(target, reason, note);
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="report">
      <button type="button" className="small" aria-expanded={open} aria-label={label} data-testid="report-open" onClick={() => setOpen(!open)}>
        {t("report.open")}
      </button>
      {open && (
        <form className="report-form" onSubmit={(e) => void submit(e)} data-testid="report-form">
          <label htmlFor={`${id}-reason`}>{t("report.reason")}</label>{" "}
          <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} data-testid="report-reason">
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>{t(`report.reasons.${r}`)}</option>
            ))}
          </select>{" "}
          <label htmlFor={`${id}-note`}>{reason === "other" ? t("report.noteRequired") : t("report.note")}</label>{" "}
          <input id={`${id}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} required={reason === "other"} data-testid="report-note" />{" "}
          <button type="submit" className="small" disabled={busy} data-testid="report-send">{t("report.send")}</button>
          <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
        </form>
      )}
    </span>
  );
}
