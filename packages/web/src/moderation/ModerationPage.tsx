// The moderation page (`?moderation=1`, moderators only; the server refuses anyone else with
// `not-moderator`): the open reports with the reported message among the lines around it, and
// for each the actions — hide the message, mute or ban its writer for a time or for good (a
// guest's address can only be muted), resolve or dismiss — every one with a reason shown to the
// sanctioned player; the sanctions in force (lift one); and the audit log of every action.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox, errorText } from "../widgets.tsx";
import { moderationApi, type AuditLine, type QueuedReport, type Sanction } from "./api.ts";

/** Durations offered, in minutes (null: for good). */
const DURATIONS = [60, 1440, 10_080, 43_200, null] as const;

function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  return (at: number) => format.format(at);
}

function ReportCard({ report, act }: { report: QueuedReport; act: (what: () => Promise<unknown>) => Promise<void> }) {
  const { t } = useTranslation();
  const date = useDate();
  const [reason, setReason] = useState("");
  const [minutes, setMinutes] = useState<string>("1440");
  const duration = minutes === "forever" ? null : Number(minutes);
  const needsReason = reason.trim() === "";
  const id = `report-${report.id}`;
  return (
    <article className="report-card" data-testid="mod-report" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t("moderation.reportTitle", { reporter: report.reporter, target: report.targetName, reason: t(`report.reasons.${report.reason}`) })}</h3>
      <p className="muted small-text">{date(report.createdAt)}{report.guest ? ` · ${t("moderation.guest")}` : ""}</p>
      {report.note && <p>{t("moderation.note", { note: report.note })}</p>}
      {report.context.length > 0 && (
        <ol className="chat-lines report-context" aria-label={t("moderation.context")}>
          {report.context.map((line) => (
            <li key={line.id} className={line.id === report.message ? "reported-line" : undefined} data-testid={line.id === report.message ? "mod-reported-line" : undefined}>
              <span className="muted small-text">{date(line.at)}</span> <strong>{line.name ?? t("chat.someone")}</strong>
              {t("chat.colon")} <span className="chat-text">{line.text}</span>
              {line.id === report.message && <span className="muted"> ({t("moderation.reported")})</span>}
            </li>
          ))}
        </ol>
      )}
      <div className="mod-actions">
        <label htmlFor={`${id}-reason`}>{t("moderation.reason")}</label>{" "}
        <input id={`${id}-reason`} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} data-testid="mod-reason" />{" "}
        <label htmlFor={`${id}-for`}>{t("moderation.duration")}</label>{" "}
        <select id={`${id}-for`} value={minutes} onChange={(e) => setMinutes(e.target.value)} data-testid="mod-duration">
          {DURATIONS.map((m) => (
            <option key={m ?? "forever"} value={m === null ? "forever" : String(m)}>{t("moderation.for", { minutes: m ?? 0, forever: m === null ? "yes" : "no" })}</option>
          ))}
        </select>
        <div className="row">
          {report.table !== null && report.message !== null && (
            <button type="button" className="small" disabled={needsReason} data-testid="mod-hide" onClick={() => void act(() => moderationApi.hide(report.table!, report.message!, reason))}>{t("moderation.hide")}</button>
          )}{" "}
          <button type="button" className="small" disabled={needsReason} data-testid="mod-mute" onClick={() => void act(() => moderationApi.sanction("mute", { report: report.id }, duration, reason))}>{report.guest ? t("moderation.muteAddress") : t("moderation.mute")}</button>{" "}
          {!report.guest && (
            <button type="button" className="small" disabled={needsReason} data-testid="mod-ban" onClick={() => void act(() => moderationApi.sanction("ban", { report: report.id }, duration, reason))}>{t("moderation.ban")}</button>
          )}{" "}
          <button type="button" className="small" data-testid="mod-resolve" onClick={() => void act(() => moderationApi.close(report.id, "resolved"))}>{t("moderation.resolve")}</button>{" "}
          <button type="button" className="small" data-testid="mod-dismiss" onClick={() => void act(() => moderationApi.close(report.id, "dismissed"))}>{t("moderation.dismiss")}</button>
        </div>
        {needsReason && <p className="muted small-text">{t("moderation.reasonFirst")}</p>}
      </div>
    </article>
  );
}

export function ModerationPage() {
  const { t } = useTranslation();
  const date = useDate();
  const [reports, setReports] = useState<QueuedReport[] | null>(null);
  const [sanctions, setSanctions] = useState<Sanction[]>([]);
  const [log, setLog] = useState<AuditLine[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [liftReason, setLiftReason] = useState("");
  const load = useCallback(() => {
    Promise.all([moderationApi.reports(), moderationApi.sanctions(), moderationApi.log()]).then(([r, s, l]) => {
      setReports(r);
      setSanctions(s);
      setLog(l);
    }, setError);
  }, []);
  useEffect(load, [load]);
  const act = async (what: () => Promise<unknown>) => {
    setError(null);
    try {
      await what();
    } catch (err) {
      setError(err);
    }
    load();
  };
  const until = (at: number | null) => (at === null ? t("moderation.forGood") : date(at));
  if (reports === null) return error ? <ErrorBox message={errorText(t, error)} /> : <p aria-live="polite">{t("profile.loading")}</p>;
  return (
    <section className="moderation" data-testid="moderation">
      <h1>{t("moderation.title")}</h1>
      <ErrorBox message={error === null ? null : errorText(t, error)} onDismiss={() => setError(null)} />
      <h2>{t("moderation.reports")}</h2>
      {reports.length === 0 && <p data-testid="mod-no-reports">{t("moderation.noReports")}</p>}
      {reports.map((r) => (
        <ReportCard key={r.id} report={r} act={act} />
      ))}
      <h2>{t("moderation.sanctions")}</h2>
      {sanctions.length === 0 ? (
        <p>{t("moderation.noSanctions")}</p>
      ) : (
        <>
          <label htmlFor="lift-reason">{t("moderation.liftReason")}</label> <input id="lift-reason" value={liftReason} maxLength={300} onChange={(e) => setLiftReason(e.target.value)} />
          <table className="mod-table" data-testid="mod-sanctions">
            <thead>
              <tr>
                <th scope="col">{t("moderation.col.what")}</th>
                <th scope="col">{t("moderation.col.whom")}</th>
                <th scope="col">{t("moderation.col.until")}</th>
                <th scope="col">{t("moderation.col.why")}</th>
                <th scope="col">{t("moderation.col.who")}</th>
                <th scope="col"><span className="sr-only">{t("moderation.lift")}</span></th>
              </tr>
            </thead>
            <tbody>
              {sanctions.map((s) => (
                <tr key={s.id}>
                  <td>{t(`moderation.actions.${s.kind}`)}</td>
                  <td>{s.player ?? t("moderation.guest")}</td>
                  <td>{until(s.until)}</td>
                  <td>{s.reason}</td>
                  <td>{s.by}</td>
                  <td>
                    <button type="button" className="small" disabled={liftReason.trim() === ""} onClick={() => void act(() => moderationApi.lift(s.id, liftReason))}>{t("moderation.lift")}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h2>{t("moderation.log")}</h2>
      <table className="mod-table" data-testid="mod-log">
        <thead>
          <tr>
            <th scope="col">{t("moderation.col.when")}</th>
            <th scope="col">{t("moderation.col.who")}</th>
            <th scope="col">{t("moderation.col.what")}</th>
            <th scope="col">{t("moderation.col.whom")}</th>
            <th scope="col">{t("moderation.col.why")}</th>
          </tr>
        </thead>
        <tbody>
          {log.map((e, i) => (
            <tr key={i} data-testid="mod-log-line">
              <td>{date(e.at)}</td>
              <td>{e.actor ?? t("moderation.operator")}</td>
              <td>{t(`moderation.actions.${e.action}`)}</td>
              <td>{e.target}</td>
              <td>{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
