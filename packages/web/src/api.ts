// REST calls to the lobby (/api), and the seats this browser holds (tokens in localStorage).
import type { CreateTableRequest, GameInfo, JoinTableResponse, TableInfo } from "./protocol.ts";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: init?.body ? { "content-type": "application/json" } : {} });
  } catch (error) {
    throw new ApiError("network", (error as Error).message);
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const err = (body as { error?: { code: string; message: string; params?: Record<string, string | number> } } | null)?.error;
    throw new ApiError(err?.code ?? "http", err?.message ?? response.statusText, err?.params ?? { status: response.status });
  }
  return body as T;
}

export const api = {
  games: () => call<{ games: GameInfo[] }>("/api/games").then((r) => r.games),
  openTables: () => call<{ tables: TableInfo[] }>("/api/tables").then((r) => r.tables),
  table: (id: string) => call<{ table: TableInfo }>(`/api/tables/${encodeURIComponent(id)}`).then((r) => r.table),
  create: (request: CreateTableRequest) => call<{ table: TableInfo }>("/api/tables", { method: "POST", body: JSON.stringify(request) }).then((r) => r.table),
  join: (id: string, name: string, seat?: number) =>
    call<JoinTableResponse>(`/api/tables/${encodeURIComponent(id)}/join`, { method: "POST", body: JSON.stringify(seat === undefined ? { name } : { name, seat }) }),
  recordUrl: (id: string) => `/api/tables/${encodeURIComponent(id)}/record`,
};

export interface HeldSeat {
  readonly seat: number;
  readonly token: string;
  readonly name: string;
}

const key = (tableId: string) => `grimoire.seat.${tableId}`;

export function heldSeat(tableId: string): HeldSeat | null {
  try {
    const raw = localStorage.getItem(key(tableId));
    return raw ? (JSON.parse(raw) as HeldSeat) : null;
  } catch {
    return null;
  }
}

export function holdSeat(tableId: string, seat: HeldSeat): void {
  try {
    localStorage.setItem(key(tableId), JSON.stringify(seat));
  } catch {
    /* private mode: the seat lasts for this page only */
  }
}

export function playerName(): string {
  try {
    return localStorage.getItem("grimoire.name") ?? "";
  } catch {
    return "";
  }
}

export function rememberName(name: string): void {
  try {
    localStorage.setItem("grimoire.name", name);
  } catch {
    /* ignore */
  }
}

/** Tables this browser has a seat at (for "my tables"). */
export function heldTables(): string[] {
  const ids: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith("grimoire.seat.")) ids.push(k.slice("grimoire.seat.".length));
    }
  } catch {
    /* ignore */
  }
  return ids;
}
