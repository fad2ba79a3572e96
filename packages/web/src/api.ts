// REST calls to the lobby (/api), and the seats this browser holds (tokens in localStorage).
import type { FriendsResponse, InvitationInfo, InvitationsResponse, RelationResponse } from "./protocol.ts";

/** GET /api/me/sessions (account-routes.ts). */
export interface SessionsResponse {
  readonly sessions: readonly { readonly id: string; readonly createdAt: number; readonly lastSeenAt: number; readonly device: string; readonly current: boolean }[];
}
/** GET /api/me/recovery-codes. */
export interface RecoveryCodesResponse {
  readonly unused: number;
  readonly used: number;
  readonly createdAt: number | null;
}
import type { AttemptResponse, PuzzleInfo, PuzzleRatingInfo, BotLevel, CreateTableRequest, CreateTableResponse, GameInfo, JoinTableResponse, LeaderboardResponse, LearntResponse, MeResponse, MySeatsResponse, MyTable, ProfileResponse, ReviewResponse, TableCreatorResponse, TableInfo } from "./protocol.ts";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

export async function call<T>(path: string, init?: RequestInit): Promise<T> {
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
  /** Tables being played, to watch. */
  playingTables: () => call<{ tables: TableInfo[] }>("/api/tables?status=playing").then((r) => r.tables),
  table: (id: string) => call<{ table: TableInfo }>(`/api/tables/${encodeURIComponent(id)}`).then((r) => r.table),
  /** Creates a table and keeps its creator token in this browser (cancel, seat → bot). */
  create: (request: CreateTableRequest) =>
    call<CreateTableResponse>("/api/tables", { method: "POST", body: JSON.stringify(request) }).then((r) => {
      remember(creatorKey(r.table.id), r.creatorToken);
      return r.table;
    }),
  /** The creator's controls: with this browser's creator token, or (null) the session of the account that created the table. */
  cancel: (id: string, creatorToken: string | null) =>
    call<{ table: TableInfo }>(`/api/tables/${encodeURIComponent(id)}/cancel`, { method: "POST", body: JSON.stringify(creatorToken ? { creatorToken } : {}) }).then((r) => r.table),
  seatBot: (id: string, seat: number, creatorToken: string | null, level: BotLevel) =>
    call<{ table: TableInfo }>(`/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { method: "POST", body: JSON.stringify(creatorToken ? { creatorToken, level } : { level }) }).then((r) => r.table),
  /** Whether the logged-in account created this table (its controls then work from any browser). */
  createdByMe: (id: string) => call<TableCreatorResponse>(`/api/tables/${encodeURIComponent(id)}/creator`).then((r) => r.creator),
  /** The tables where I hold a seat, those waiting for my decision first. */
  myTables: () => {
    const seats = myCredentials();
    return seats.length === 0 ? Promise.resolve([] as MyTable[]) : call<{ tables: MyTable[] }>("/api/my-tables", { method: "POST", body: JSON.stringify({ seats }) }).then((r) => r.tables);
  },
  join: (id: string, name: string, seat?: number) =>
    call<JoinTableResponse>(`/api/tables/${encodeURIComponent(id)}/join`, { method: "POST", body: JSON.stringify(seat === undefined ? { name } : { name, seat }) }),
  recordUrl: (id: string) => `/api/tables/${encodeURIComponent(id)}/record`,
  me: () => call<MeResponse>("/api/me").then((r) => r.player),
  /** Friends (with presence), follows both ways and blocks of the session's account. */
  friends: () => call<FriendsResponse>("/api/friends"),
  relation: (name: string) => call<RelationResponse>(`/api/players/${encodeURIComponent(name)}/relation`),
  /** Follow, unfollow, block or unblock a player: the relation after it. */
  relate: (name: string, verb: "follow" | "unfollow" | "block" | "unblock") => call<RelationResponse>(`/api/players/${encodeURIComponent(name)}/${verb}`, { method: "POST", body: "{}" }),
  invite: (tableId: string, name: string) => call<{ invitation: InvitationInfo }>(`/api/tables/${encodeURIComponent(tableId)}/invite`, { method: "POST", body: JSON.stringify({ name }) }),
  invitations: () => call<InvitationsResponse>("/api/invitations").then((r) => r.invitations),
  /** Accepts an invitation: the seat is taken (its token kept in this browser as a join's). */
  acceptInvitation: (id: string) =>
    call<JoinTableResponse>(`/api/invitations/${encodeURIComponent(id)}/accept`, { method: "POST", body: "{}" }),
  declineInvitation: (id: string) => call<{ declined: string }>(`/api/invitations/${encodeURIComponent(id)}/decline`, { method: "POST", body: "{}" }),
  /** Creates an account (or logs in) and claims the guest seats this browser holds. */
  signUp: (name: string, password: string) => call<MeResponse & { recoveryCodes: string[] }>("/api/account", { method: "POST", body: JSON.stringify({ name, password, seats: heldSeats() }) }),
  logIn: (name: string, password: string) => call<MeResponse>("/api/login", { method: "POST", body: JSON.stringify({ name, password, seats: heldSeats() }) }).then((r) => r.player),
  logOut: () => call<MeResponse>("/api/logout", { method: "POST", body: "{}" }),
  changePassword: (current: string, password: string) => call<MeResponse>("/api/account/password", { method: "POST", body: JSON.stringify({ current, password }) }),
  sessions: () => call<SessionsResponse>("/api/me/sessions").then((r) => r.sessions),
  endSession: (id: string) => call<{ ended: boolean; player: MeResponse["player"] }>("/api/me/sessions/end", { method: "POST", body: JSON.stringify({ id }) }),
  logOutEverywhere: () => call<MeResponse>("/api/me/logout-everywhere", { method: "POST", body: "{}" }),
  recoveryCodes: () => call<RecoveryCodesResponse>("/api/me/recovery-codes"),
  newRecoveryCodes: (password: string) => call<{ codes: string[] }>("/api/me/recovery-codes", { method: "POST", body: JSON.stringify({ password }) }).then((r) => r.codes),
  recover: (name: string, code: string, password: string) => call<MeResponse>("/api/account/recover", { method: "POST", body: JSON.stringify({ name, code, password }) }).then((r) => r.player),
  deleteAccount: (password: string) => call<MeResponse>("/api/account/delete", { method: "POST", body: JSON.stringify({ password }) }),
  exportUrl: "/api/me/export",
  mySeats: () => call<MySeatsResponse>("/api/me/seats").then((r) => r.seats),
  learnt: () => call<LearntResponse>("/api/me/learnt").then((r) => r.games),
  markLearnt: (game: string) => call<LearntResponse>("/api/me/learnt", { method: "POST", body: JSON.stringify({ game }) }).then((r) => r.games),
  /** A profile with one page of its finished matches (`offset`: from the response's `matchesNext`). */
  profile: (name: string, offset = 0) => call<ProfileResponse>(`/api/players/${encodeURIComponent(name)}${offset > 0 ? `?offset=${offset}` : ""}`),
  /** One page of a game's leaderboard (`offset`: from the response's `next`). */
  leaderboard: (game: string, offset = 0) => call<LeaderboardResponse>(`/api/leaderboard/${encodeURIComponent(game)}${offset > 0 ? `?offset=${offset}` : ""}`),
  /** A puzzle of `game` near the reader's puzzle rating (`skip`: ones this browser has seen, for a guest). */
  nextPuzzle: (game: string, skip: readonly string[] = []) =>
    call<{ puzzle: PuzzleInfo | null; rating: PuzzleRatingInfo | null }>(`/api/puzzles/next?game=${encodeURIComponent(game)}${skip.length > 0 ? `&skip=${skip.map(encodeURIComponent).join(",")}` : ""}`),
  puzzle: (id: string) => call<{ puzzle: PuzzleInfo }>(`/api/puzzles/${encodeURIComponent(id)}`).then((r) => r.puzzle),
  dailyPuzzle: () => call<{ puzzle: PuzzleInfo | null; day: number }>("/api/puzzles/daily"),
  puzzleRatings: () => call<{ ratings: PuzzleRatingInfo[] | null }>("/api/puzzles/ratings").then((r) => r.ratings),
  attemptPuzzle: (id: string, move: unknown) => call<AttemptResponse>(`/api/puzzles/${encodeURIComponent(id)}/attempt`, { method: "POST", body: JSON.stringify({ move }) }),
  /** A finished match's review of one seat: `pending` (202) until the server has computed it. */
  review: (id: string, seat: number) => call<ReviewResponse>(`/api/tables/${encodeURIComponent(id)}/review?seat=${seat}`),
};

/** The seats this browser holds as {table, token}, to link to an account when logging in. */
function heldSeats(): { table: string; token: string }[] {
  return heldTables()
    .slice(0, 100)
    .flatMap((table) => {
      const seat = heldSeat(table);
      return seat ? [{ table, token: seat.token }] : [];
    });
}

/** Keeps in this browser the seats the account holds elsewhere (another browser's joins). */
export async function syncAccountSeats(name: string): Promise<void> {
  for (const s of await api.mySeats()) {
    // a seat's token replaced (a new password, a session ended): this browser takes the new one
    const held = heldSeat(s.table);
    if (!held || (held.seat === s.seat && held.token !== s.token)) holdSeat(s.table, { seat: s.seat, token: s.token, name });
  }
}

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

export function dropSeat(tableId: string): void {
  try {
    localStorage.removeItem(key(tableId));
  } catch {
    /* ignore */
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

const creatorKey = (tableId: string) => `grimoire.creator.${tableId}`;

function remember(k: string, value: string): void {
  try {
    localStorage.setItem(k, value);
  } catch {
    /* private mode: lasts for this page only */
  }
}

/** The creator token of a table this browser created, or null. */
export function creatorToken(tableId: string): string | null {
  try {
    return localStorage.getItem(creatorKey(tableId));
  } catch {
    return null;
  }
}

/**
 * Who I am, as the seats I can prove: today the seat tokens this browser keeps. (An account's
 * seats plug in here.)
 */
export function myCredentials(): { tableId: string; token: string }[] {
  return heldTables().flatMap((tableId) => {
    const seat = heldSeat(tableId);
    return seat ? [{ tableId, token: seat.token }] : [];
  });
}

/** A rematch: my seat token holds the same seat at the new table. */
export function followRematch(from: string, to: string): void {
  const seat = heldSeat(from);
  if (seat && !heldSeat(to)) holdSeat(to, seat);
  const muted = mutedAt(from);
  if (muted.length > 0 && mutedAt(to).length === 0) setMutedAt(to, muted);
}

const muteKey = (tableId: string) => `grimoire.muted.${tableId}`;

/** Who this browser muted at a table: seat numbers, and spectators by name ("~name"). */
export function mutedAt(tableId: string): string[] {
  try {
    const raw = localStorage.getItem(muteKey(tableId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function setMutedAt(tableId: string, muted: readonly string[]): void {
  remember(muteKey(tableId), JSON.stringify(muted));
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
