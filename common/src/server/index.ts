/**
 * The server side of `common`: what the gateway, the worker and the composition root may use. Every
 * name is listed, so what is public is read here and an unused export is seen.
 */
export {
  type Config, ConfigError, type Env, envSchema, KNOWN_ENV_VARS, loadConfig, parseEnv, resolveSecretFiles, SECRET_FILE_VARS,
  type ServiceName,
} from './config';
export {
  createLogger, LOG_LEVELS, type LogFn, type Logger, type LoggerOptions, type LogLevel, type LogLine, memoryLogger, type MemoryLogger,
  type SerializedError, serializeError, serviceName, silentLogger,
} from './logging/index';
export {
  createMetricsRegistry, OUTBOX_LAG_BUCKETS, readWithin, registerDatabaseMetrics, registerHealthMetrics, registerOutboxMetrics, type Registry,
} from './metrics/index';
export { type Clock, ManualClock, systemClock } from './clock';
export { DeferredLiveChannel, type LiveChannel, socketIoRedisKey } from './realtime';
export {
  attachOutboxHooks, CLUSTER_EVENT, CLUSTER_STREAM, type ClusterMessage, type FollowUpOptions, inUnitOfWork, recordJob, UnitOfWork,
} from './outbox/unit-of-work';
export {
  claimJobs, claimUnfinishedJobs, lastSequence, markJobDone, openJobCount, OUTBOX_SEQUENCED_CHANNEL, OUTBOX_WRITTEN_CHANNEL,
  type OutboxJob, pruneOutbox, readSequenced, releaseJobs, type ReplayOptions, replayStream, type SequencedEvent, sequenceEvents,
  streamEvents, streamHead, type StreamReplay,
} from './outbox/store';
export { OutboxRelay, type OutboxRelayOptions, type RelayStatus } from './outbox/relay';
export { LEASE_NOT_HELD, type LeaseQuery, releaseLease, renewLease, takeLease } from './outbox/sequencer-lease';
export { type Settled } from './settled';
export {
  type EnqueueOptions, type JobContext, type JobCounts, type JobDefinitions, type JobName, type JobPayload, type JobQueue, type JobResult,
  type JobWorker, type OutboxJobFinished, outboxJobId, type Processor, type ProcessorMap, QUEUE_NAME, type RunOptions,
} from './jobs/definitions';
export {
  type Database, type DatabaseListener, type DatabaseOptions, type Db, openDatabase, pgliteDatabase, type PoolStats, type Schema, type Tx,
} from './db/client';
export { acquireDataDirLock, type DataDirLock, DataDirLockedError, type LockHolder } from './db/data-dir-lock';
export { migrate, migrationFiles } from './db/migrate';
export { pgliteOptions } from './db/pglite-memory';
export { type ConnectRetryOptions, describeConnectionError, isTransientConnectionError, waitForDatabase, withConnectRetry } from './db/connect-retry';
export * as tables from './db/schema';
export {
  insertNotification, insertNotifications, listNotifications, markNotificationsRead, type NewNotification, notify, notifyAll,
  toNotification,
} from './notifications/repository';
export { findUserById, findUserByUsername, toUser } from './users/repository';
export {
  findPog, findPogs, frequentInWindow, listed, listOwnedPogs, listPogs, pogListStatement, type PogWithNames, prepareSearch, searchCandidates,
  searchCondition, searchedPage, SEARCH_LIMITS, type SearchLimits, type SearchPath, type SearchTerm, searchWindow, toPog, toPogFor, toPogWithNotes,
} from './pogs/repository';
export { firstRowsPlannedForAll, readRows } from './db/planner';
export { rawQuery, type RawStatement, selectColumns } from './db/raw-query';
export { databaseSnapshot } from './db/snapshot';
export { chunkColumns, findSimilarImages, type SimilarImage, similarImagesQuery } from './pogs/similarity';
export { createPog, deleteOwnPog, updatePogDesign } from './pogs/commands';
export { type FlagReason, scorePogVersion, type ScoringOutcome } from './pogs/scoring';
export {
  findPublicUser, listPublicUsers, PLAYER_SEARCH_LIMITS, type PlayerSearchLimits, type PlayerSearchPath, playerSearchCandidates, playerSearchWindow, playerSearchWindowPage,
  type PublicUser, type PublicUserFilter, publicUserListStatement, searchedPlayerPage,
} from './users/directory';
export { applyPogsHeldDeltas, recountPogsHeld } from './users/player-counts';
export { ALL_TIME_PERIOD, leaderboardStatements, readLeaderboard, utcWeekStart } from './leaderboards/queries';
export { type StandingDrift, standingsDrift } from './leaderboards/audit';
export {
  EXACT_RANKS, placesAhead, RankSnapshots, type RankStatements, SAMPLE_EVERY, SAMPLE_MAX_AGE_MS, SAMPLE_STALE_LIMIT_MS, type Sample,
} from './leaderboards/rank-snapshots';
export { type CachedPage, LeaderboardPageCache } from './leaderboards/page-cache';
export { purgeExpiredSessions, SESSION_PURGE_BATCH } from './users/session-purge';
export { registerPlayer, USERNAME_TAKEN } from './users/register';
export { limitRewardsOf, playerProgress, type PlayerProgress, progressOf, userStats } from './users/stats';
export { type ChatExchange, chatHistory, findExchange, type NewExchange, storeExchange, toChatMessage } from './chat/repository';
export {
  buildChatPrompt, buildSystemPrompt, type ChatPrompt, loadPlayerSnapshot, type PlayerSnapshot, type PogFacts, type PromptMessage,
  promptMessages,
} from './chat/grounding';
export { ACHIEVEMENT_LINK, recordAchievements } from './achievements/record';
export {
  assertNotRiskedInBattle, type Canceller, deletePogs, type Detacher, RELEASE_REASON_TEXT, releaseCommitments, type ReleaseReason,
  type ReleaseScope,
} from './commitments';
export {
  BATTLE_LIST_LIMIT, closedBattlesOf, findBattleRow, holdsRiskablePog, lockBattleRow, openBattlesOf, openBattlesRisking, riskable,
  toBattle, toBattles,
} from './battles/repository';
export { acceptBattle, BATTLE_LINK, cancelBattle, createBattle, declineBattle, MISSING_BATTLE, wrongState } from './battles/commands';
export {
  completeBattles, type Completion, COMPLETION_GROUP_LIMIT, type CompletionHooks, type CompletionRequest, type CompletionResult,
} from './battles/resolve';
export { cancelBattlesFor, detachBattlesFrom, pogsInAcceptedBattles } from './battles/cancel';
export { SWEEP_BATCH, sweepBattles, type SweepResult } from './battles/expiry';
export { finishedTradesOf, pendingTradesOf, toTrade, toTrades } from './trades/repository';
export { answerTrade, cancelTrade, createTrade } from './trades/commands';
export { counterTrade } from './trades/counter';
export { expireTrades } from './trades/expire';
export {
  ALREADY_REPORTED, assertNotBanned, assertNotModeratedSince, type AuditRecord, awaitingReview, banMessage, deletePogAsAdmin, listAudit,
  listPogsForAdmin, listReports, listUsersForAdmin, lockActor, type LockedPlayer, lockPlayers, moderatePog, moderateUser,
  type PlayerLockMode, POG_GONE, type PogDecision, recordAudit, reportPog, toAdminUser, toAuditEntry, type UserDecision,
} from './moderation';
export { ensureUploadDirs, fileSize, INCOMING_DIR, INCOMING_NAME, LEFTOVER_AGE_MS, newIncomingName, removeUploadLeftovers } from './uploads/layout';
export { isStorageFull, StorageFullError } from './uploads/storage-full';
export { pictureFiles, sweepUploads, UPLOAD_SWEEP_BATCH, type UploadSweepResult } from './uploads/sweep';
export {
  answerProbe, bearerMatches, type HealthReport, healthReport, isProbePath, PROBE_PATHS, type ProbeAnswer, type ProbeDeps, REQUEST_ID_HEADER,
  requestIdFrom,
} from './observability/probes';
export { answerUncaught, currentRequest, inRequestScope, scopedServerOptions, type UncaughtInRequest } from './observability/request-scope';
export { listen } from './listen';
export { HISTORY_LIMIT, historyOf, type NewHistoryEntry, playerRef, pogProvenance, recordHistory } from './provenance/history';
