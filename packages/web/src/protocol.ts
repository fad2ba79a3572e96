// The wire types the client uses, imported as types only from the server's protocol (no zod,
// no node code in the bundle), plus the few constants the browser needs.
export type {
  ClientIn,
  CreateTableRequest,
  CreateTableResponse,
  DecisionInfo,
  ErrorCode,
  ErrorResponse,
  FinalViews,
  GameInfo,
  JoinTableResponse,
  LegalAction,
  ListGamesResponse,
  ListTablesResponse,
  LogEntry,
  OutcomeInfo,
  ReviewResponse,
  SeatInfo,
  SeatRequest,
  ServerOut,
  TableInfo,
  TakeoverReason,
  WireViewer,
  BotLevel,
  MeResponse,
  LearntResponse,
  MySeatsResponse,
  ProfileResponse,
  LeaderboardResponse,
  RatingInfo,
  ChatMessage,
  ChatChannel,
  MyTable,
  MyTablesResponse,
  RematchInfo,
  TableCreatorResponse,
  TableMode,
} from "../../server/src/protocol.ts";

export const BOT_LEVELS = ["easy", "medium", "hard"] as const;
/** Characters in one chat message (the server refuses more: `chat-too-long`). */
export const MAX_CHAT_LENGTH = 500;
export const TABLE_MODES = ["realtime", "turn-based"] as const;
