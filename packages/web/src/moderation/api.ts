// Moderation's REST calls: reporting a player or a chat message, the asking account's standing
// (moderator, muted), and the moderators' queue, actions, sanctions and audit log.
import { call } from "../api.ts";

export const REPORT_REASONS = ["insult", "spam", "cheating", "name", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export type ReportTarget = { readonly player: string } | { readonly table: string; readonly message: number };

export interface ReportedLine {
  id: number;
  channel: "players" | "spectators";
  seat: number | null;
  name: string | null;
  text: string;
  at: number;
}

export interface QueuedReport {
  id: string;
  reporter: string;
  target: string | null;
  targetName: string;
  guest: boolean;
  table: string | null;
  message: number | null;
  reason: ReportReason;
  note: string;
  context: ReportedLine[];
  status: "open" | "resolved" | "dismissed";
  createdAt: number;
}

export interface Sanction {
  id: string;
  kind: "mute" | "ban";
  player: string | null;
  guest: boolean;
  reason: string;
  until: number | null;
  createdAt: number;
  by: string;
}

export interface AuditLine {
  at: number;
  actor: string | null;
  action: "grant" | "revoke" | "hide" | "mute" | "ban" | "lift" | "resolve" | "dismiss";
  target: string;
  reason: string;
}

export interface Standing {
  moderator: boolean;
  mute: { until: number | null; reason: string } | null;
}

const post = <T>(path: string, body: unknown) => call<T>(path, { method: "POST", body: JSON.stringify(body) });

export const moderationApi = {
  report: (target: ReportTarget, reason: ReportReason, note: string) => post<{ report: { id: string } }>("/api/reports", { ...target, reason, ...(note.trim() ? { note } : {}) }),
  standing: () => call<Standing>("/api/me/standing"),
  reports: () => call<{ reports: QueuedReport[] }>("/api/moderation/reports").then((r) => r.reports),
  close: (id: string, outcome: "resolved" | "dismissed") => post(`/api/moderation/reports/${encodeURIComponent(id)}/close`, { outcome }),
  hide: (table: string, message: number, reason: string) => post("/api/moderation/hide", { table, message, reason }),
  sanction: (kind: "mute" | "ban", who: { player: string } | { report: string }, minutes: number | null, reason: string) => post("/api/moderation/sanctions", { kind, ...who, minutes, reason }),
  sanctions: () => call<{ sanctions: Sanction[] }>("/api/moderation/sanctions").then((r) => r.sanctions),
  lift: (id: string, reason: string) => post(`/api/moderation/sanctions/${encodeURIComponent(id)}/lift`, { reason }),
  log: () => call<{ entries: AuditLine[] }>("/api/moderation/log").then((r) => r.entries),
};
