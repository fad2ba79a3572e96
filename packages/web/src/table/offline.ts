// The table a board is drawn at when no server table is behind it (a guided first game, a
// puzzle): playing, real-time, every seat connected, no clock, no chat, no rematch.
import type { SeatInfo, TableInfo } from "../protocol.ts";

export function offlineTable(table: { id: string; game: string; gameTitle: string; options: unknown; seats: readonly { kind: SeatInfo["kind"]; name: string | null }[] }): TableInfo {
  return {
    id: table.id,
    game: table.game,
    gameTitle: table.gameTitle,
    options: table.options,
    status: "playing",
    seats: table.seats.map(({ kind, name }, seat) => ({ seat, kind, name, connected: true, botTakeover: false })),
    turnSeconds: null,
    graceSeconds: null,
    seedHash: null,
    invite: "",
    createdAt: 0,
    mode: "realtime",
    bankSeconds: null,
    banks: null,
    resigned: [],
    removed: [],
    rematch: { accepted: [], next: null, previous: null },
    spectatorChat: false,
    hints: false,
  };
}
