// What both stores share, written once instead of in each: the writes that are one group-commit
// request whatever the dialect (each store's writer turns the request into its SQL), and the reads
// through one query function, puzzles (puzzles.ts) and moderation (moderation.ts), whose SQL is
// written once for both dialects. Each store gives `group` and `all`.
import { accountStatements } from "./account-sql.ts";
import type { GroupCommit } from "./group-commit.ts";
import { moderationReads, type ModerationWrite, type ReportStatus } from "./moderation.ts";
import { puzzleReads, type PuzzleWrite } from "./puzzles.ts";
import { isUniqueViolation, NameTakenError, RecoveryCodeSpentError, type AccountChange, type PlayerRecord, type SeatLink, type SessionRecord, type WriteOp } from "./types.ts";

export abstract class SharedStore {
  /** Every row of a query (`$n` parameters; SQLite's store rewrites them). */
  protected abstract all<T>(sql: string, params: unknown[]): Promise<T[]>;
  /** The store's group commit: each write a request, committed with the others of its turn of the event loop. */
  protected abstract readonly group: GroupCommit<WriteOp>;

  // ------------------------------------------------------------ writes

  async insertPlayer(player: PlayerRecord, session: SessionRecord, links: readonly SeatLink[]): Promise<void> {
    try {
      await this.group.request({ op: "insertPlayer", player, session, links });
    } catch (error) {
      if (isUniqueViolation(error)) throw new NameTakenError(`the name "${player.name}" is taken`);
      throw error;
    }
  }

  async insertSession(session: SessionRecord, links: readonly SeatLink[]): Promise<void> {
    await this.group.request({ op: "insertSession", session, links });
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.group.request({ op: "deleteSession", tokenHash });
  }

  async changePassword(playerId: string, passwordHash: string, session: SessionRecord): Promise<void> {
    await this.group.request({ op: "changePassword", playerId, passwordHash, session });
  }

  async saveReview(tableId: string, seat: number, review: unknown): Promise<void> {
    await this.group.request({ op: "saveReview", tableId, seat, review: JSON.stringify(review), at: Date.now() });
  }

  /** An account's own data (account-sql.ts). */
  async changeAccount(change: AccountChange): Promise<void> {
    try {
      await this.group.request({ op: "account", statements: accountStatements(change) });
    } catch (error) {
      if (change.kind === "end-sessions" && change.spend !== undefined && isUniqueViolation(error)) throw new RecoveryCodeSpentError("this recovery code was just used");
      throw error;
    }
  }

  async markLearnt(playerId: string, game: string, at: number): Promise<void> {
    await this.group.request({ op: "markLearnt", playerId, game, at });
  }

  async moderate(write: ModerationWrite): Promise<void> {
    await this.group.request({ op: "moderate", write });
  }

  async puzzleWrite(write: PuzzleWrite): Promise<void> {
    await this.group.request({ op: "puzzles", write });
  }

  // ------------------------------------------------------------ reads

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
