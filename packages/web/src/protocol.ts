// The wire types the client uses, imported as types only from the server's protocol (no zod,
// no node code in the bundle), plus the few constants the browser needs.
export type {
  ClientIn,
  CreateTableRequest,
  CreateTableResponse,
  DecisionInfo,
  ErrorCode,
  ErrorResponse,
  GameInfo,
  JoinTableResponse,
  LegalAction,
  ListGamesResponse,
  ListTablesResponse,
  OutcomeInfo,
  SeatInfo,
  SeatRequest,
  ServerOut,
  TableInfo,
  WireViewer,
  BotLevel,
} from "../../server/src/protocol.ts";

export const BOT_LEVELS = ["easy", "medium", "hard"] as const;
export const GAME_IDS = ["abracadawhat", "shazamm", "incantibus", "emmerlaus"] as const;
export type GameId = (typeof GAME_IDS)[number];
