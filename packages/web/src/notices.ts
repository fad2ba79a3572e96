// The account's notices (issue 27): while logged in, one WebSocket says `notices` and receives
// the invitations sent to the account (on whichever server process); the pending ones are also
// read once from /api/invitations, so a reload keeps them. A dropped socket is opened again
// after a pause. Pages read them with `useInvitations`.
import { useSyncExternalStore } from "react";
import { api } from "./api.ts";
import type { InvitationInfo, ServerOut } from "./protocol.ts";

let invitations: readonly InvitationInfo[] = [];
const listeners = new Set<() => void>();
const arrivals = new Set<(invitation: InvitationInfo) => void>();
let socket: WebSocket | null = null;
let account: string | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;

function set(next: readonly InvitationInfo[]): void {
  invitations = next;
  for (const l of listeners) l();
}

function add(invitation: InvitationInfo): void {
  if (invitations.some((i) => i.id === invitation.id)) return;
  set([invitation, ...invitations]);
  for (const a of arrivals) a(invitation);
}

/** Removes an invitation once answered (or refused by the server: expired, used). */
export function dropInvitation(id: string): void {
  set(invitations.filter((i) => i.id !== id));
}

function open(): void {
  if (typeof WebSocket === "undefined" || account === null) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws`);
  socket = ws;
  ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "notices" })));
  ws.addEventListener("message", (event) => {
    let message: ServerOut;
    try {
      message = JSON.parse(String(event.data)) as ServerOut;
    } catch {
      return;
    }
    if (message.type === "notice" && message.notice.kind === "invitation") add(message.notice.invitation);
  });
  ws.addEventListener("close", () => {
    if (socket !== ws) return;
    socket = null;
    if (account !== null) retry = setTimeout(open, 3000);
  });
}

/** Follows the logged-in account: opens its notices for a name, closes them for null (a guest). */
export function followNotices(name: string | null): void {
  if (name === account) return;
  account = name;
  if (retry !== null) clearTimeout(retry);
  retry = null;
  const old = socket;
  socket = null;
  old?.close();
  set([]);
  if (name === null) return;
  api.invitations().then((answer) => {
    // An answer of another shape (an older server, a test's stub) counts as none.
    const pending = Array.isArray(answer) ? answer : [];
    if (account === name) set([...pending, ...invitations.filter((i) => !pending.some((p) => p.id === i.id))]);
  }, () => {});
  open();
}

export function useInvitations(): readonly InvitationInfo[] {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => invitations,
  );
}

/** Called with each invitation that arrives while the page is open (for a Web Notification). */
export function onInvitation(fn: (invitation: InvitationInfo) => void): () => void {
  arrivals.add(fn);
  return () => arrivals.delete(fn);
}
