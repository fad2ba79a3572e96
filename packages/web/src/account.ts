// Who is logged in (null: a guest), shared by the header, the forms and the pages. Asked once at
// start; logging in also fetches the account's seats, so its tables open in this browser too.
import { useSyncExternalStore } from "react";
import { api, dropSeat, syncAccountSeats } from "./api.ts";
import type { MeResponse } from "./protocol.ts";
import { syncAccountLearnt } from "./learnt.ts";

export type Player = NonNullable<MeResponse["player"]>;

let current: Player | null = null;
let asked = false;
const listeners = new Set<() => void>();

function set(player: Player | null): void {
  current = player;
  // the games the account has learnt come along (and the ones learnt here as a guest go to it)
  void syncAccountLearnt(player !== null);
  for (const l of listeners) l();
}

/** Asks the server who this browser is, once; its seats elsewhere come along. */
export function loadAccount(): void {
  if (asked) return;
  asked = true;
  api.me().then(
    async (player) => {
      // The seats first: pages that follow the account (the lobby's "your tables") then find them.
      if (player) await syncAccountSeats(player.name).catch(() => {});
      set(player);
    },
    () => {},
  );
}

/** Creates the account; its recovery codes come back, to show once. */
export async function signUp(name: string, password: string): Promise<string[]> {
  const { player, recoveryCodes } = await api.signUp(name, password);
  set(player);
  return recoveryCodes;
}

/** A forgotten password: a recovery code sets a new one and logs in (other browsers are logged out). */
export async function recover(name: string, code: string, password: string): Promise<void> {
  const player = await api.recover(name, code, password);
  if (player) await syncAccountSeats(player.name).catch(() => {});
  set(player);
}

/** After sessions ended or seat tokens were replaced: who this browser is now, and the new tokens. */
export async function refreshAccount(): Promise<void> {
  const player = await api.me();
  if (player) await syncAccountSeats(player.name).catch(() => {});
  set(player);
}

/** This browser is logged out by the server (log out everywhere, this session ended, the account deleted). */
export function loggedOut(): void {
  set(null);
}

export async function logIn(name: string, password: string): Promise<void> {
  const player = await api.logIn(name, password);
  if (player) await syncAccountSeats(player.name).catch(() => {});
  set(player);
}

/** Logs out; the account's seats leave this browser too (a shared computer keeps none of them). */
export async function logOut(): Promise<void> {
  const seats = await api.mySeats().catch(() => []);
  await api.logOut();
  for (const s of seats) dropSeat(s.table);
  set(null);
}

export function useAccount(): Player | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => current,
  );
}
