// The reads both stores share through one query function: puzzles (puzzles.ts) and moderation
// (moderation.ts) write their SQL once for both dialects; each store gives `all`, and these
// methods of the Storage interface are written here once instead of in each store.
import { moderationReads, type ReportStatus } from "./moderation.ts";
import { puzzleReads } from "./puzzles.ts";

export abstract class SharedReads {
  /** Every row of a query (`$n` parameters; SQLite's store rewrites them). */
  protected abstract all<T>(sql: string, params: unknown[]): Promise<T[]>;

  private readonly puzzleQueries = puzzleReads((sql, params) => this.all(sql, params));
  puzzle(id: string) {
    return this.puzzleQueries.puzzle(id);
  }
  puzzlesStored(ids: readonly string[]) {
    return this.puzzleQueries.puzzlesStored(ids);
  }
  nextPuzzle(game: string, mu: number, playerId: string | null, skip: readonly string[]) {
    return this.puzzleQueries.nextPuzzle(game, mu, playerId, skip);
  }
  puzzleCount(game: string | null) {
    return this.puzzleQueries.puzzleCount(game);
  }
  puzzleAt(game: string | null, offset: number) {
    return this.puzzleQueries.puzzleAt(game, offset);
  }
  puzzleRating(playerId: string, game: string) {
    return this.puzzleQueries.puzzleRating(playerId, game);
  }
  puzzleRatings(playerId: string) {
    return this.puzzleQueries.puzzleRatings(playerId);
  }
  puzzleAttempt(playerId: string, puzzleId: string) {
    return this.puzzleQueries.puzzleAttempt(playerId, puzzleId);
  }

  private readonly moderation = moderationReads((sql, params) => this.all(sql, params));
  playerRoles(playerId: string) {
    return this.moderation.playerRoles(playerId);
  }
  activeSanctions(now: number) {
    return this.moderation.activeSanctions(now);
  }
  sanction(id: string) {
    return this.moderation.sanction(id);
  }
  reports(status: ReportStatus, limit: number) {
    return this.moderation.reports(status, limit);
  }
  report(id: string) {
    return this.moderation.report(id);
  }
  reportedBy(reporter: string, tableId: string, messageId: number) {
    return this.moderation.reportedBy(reporter, tableId, messageId);
  }
  reportsBy(reporter: string, limit: number) {
    return this.moderation.reportsBy(reporter, limit);
  }
  auditLog(limit: number) {
    return this.moderation.auditLog(limit);
  }
  chatAround(tableId: string, messageId: number, span: number) {
    return this.moderation.chatAround(tableId, messageId, span);
  }
  addressKey() {
    return this.moderation.addressKey();
  }
}
