/**
 * Job names, payloads and results: the contract between whoever enqueues (the gateway, scheduled
 * sweeps) and the processors in the worker. Later features add their jobs here.
 */
import type { Battle } from '@pog/common/battles/api';
import type { ChatMessage } from '@pog/common/chat/schemas';
import type { z } from 'zod';
import type { BattleId, ConversationId, NotificationId, PogId, UserId } from '@pog/common/schemas/ids';

/** The BullMQ queue every process enqueues to and every worker takes from. */
export const QUEUE_NAME = 'pog-jobs';

export interface JobDefinitions {
  /** Stores and pushes the welcome notification after registration. */
  'user.welcome': { payload: { userId: UserId }; result: { notificationId: NotificationId | null } };
  /**
   * Checks, re-encodes and measures an uploaded image that the gateway parked in the uploads
   * folder's `incoming/` directory; stores the clean file and its row.
   */
  'image.process': {
    payload: { incomingName: string; userId: UserId };
    result: { filename: string; url: string; width: number; height: number; bytes: number; hash: string };
  };
  /**
   * Deletes pictures no POG has used, older than UNUSED_UPLOAD_HOURS, files nothing records, and
   * leftovers of interrupted writes (scheduled hourly; uploads/sweep.ts).
   */
  'uploads.sweep': { payload: Record<string, never>; result: { unused: number; orphans: number; leftovers: number } };
  /** Expires pending trades past their 7 days (scheduled every minute). */
  'trades.expire': { payload: Record<string, never>; result: { expired: number } };
  /**
   * Rolls and settles an accepted battle (the transfer included). Enqueued with jobId = the battle
   * id, so concurrent completes share one job; `actorId` is the player who asked (null: the system).
   */
  'battle.resolve': {
    payload: { battleId: BattleId; actorId: UserId | null };
    /** The battle as completed, so that the waiting request need not read it again. */
    result: { status: 'completed' | 'already-completed'; winnerId: UserId | null; battle: Battle };
  };
  /** Expires pending battles past 24 h and completes accepted ones nobody completed (scheduled). */
  'battles.sweep': { payload: Record<string, never>; result: { expired: number; completed: number } };
  /** Deletes expired player and admin session rows (scheduled hourly; expired ones are refused anyway). */
  'sessions.purge': { payload: Record<string, never>; result: { sessions: number; adminSessions: number } };
  /** Deletes moderation audit lines older than AUDIT_RETENTION_DAYS (scheduled hourly; moderation/audit.ts). */
  'audit.sweep': { payload: Record<string, never>; result: { deleted: number } };
  /**
   * Records the achievements players have reached (declared after a creation, a trade, battles won, a
   * rare design, a sign-in). Each declaration is its own job: a check running now may have read the
   * stats before the latest change.
   */
  'achievements.check': { payload: { userIds: UserId[] }; result: { completed: Record<string, string[]> } };
  /** Scores one version of a POG's design: rarity, points, automatic flags. */
  'pog.score': {
    payload: { pogId: PogId; version: number };
    result: { status: 'scored' | 'already-scored' | 'stale' | 'missing'; rarity?: string; points?: number };
  };
  /**
   * PogBot answers one question: streams the answer to the player's sockets (`chat:delta`) as it
   * is written, then stores the question and the answer together. Nothing is stored when the
   * answer fails. Repeating a send (same requestId) returns the stored answer.
   */
  'chat.reply': {
    payload: { userId: UserId; conversationId: ConversationId; requestId: string; message: string };
    /** The stored answer. */
    result: { message: ChatMessage };
  };
}

export type JobName = keyof JobDefinitions;
export type JobPayload<N extends JobName> = JobDefinitions[N]['payload'];
export type JobResult<N extends JobName> = JobDefinitions[N]['result'];

export interface EnqueueOptions {
  /** Deduplicates: a job whose id is already waiting or running is not added again. */
  jobId?: string;
  /**
   * The outbox row this job comes from (the relay sets it): its job id is derived from it, and the
   * row is marked done when a processor has finished the job.
   */
  outboxId?: OutboxJobId;
  delayMs?: number;
  /** Total tries including the first (default 5), with exponential backoff between them. */
  attempts?: number;
}

export interface RunOptions extends EnqueueOptions {
  /** How long `run` waits for the result before giving up (default 60 s). */
  timeoutMs?: number;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
}

/**
 * A row of `outbox_jobs`: a follow-up job written in its unit of work, handed to the queue by the
 * relay and marked done when a processor has finished it. Server-side only, so typed here.
 */
export type OutboxJobId = number & z.$brand<'OutboxJobId'>;
export const asOutboxJobId = (id: number) => id as OutboxJobId;

/** Told when a job that came from the outbox will not run again (it succeeded, or failed for good). */
export type OutboxJobFinished = (outboxId: OutboxJobId) => Promise<void>;

/** The job id of the job made from an outbox row: the same row always gives the same id. */
export const outboxJobId = (outboxId: OutboxJobId) => `outbox-${outboxId}`;

export type Processor<N extends JobName> = (payload: JobPayload<N>, context: JobContext) => Promise<JobResult<N>>;
export type ProcessorMap = { [N in JobName]?: Processor<N> };

/** The producer side, used by the gateway and by processors that chain work. */
export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
  /**
   * Enqueues and waits for the processor's result. A processor's AppError reaches the caller as an
   * AppError with the same code, status and message.
   */
  run<N extends JobName>(name: N, payload: JobPayload<N>, options?: RunOptions): Promise<JobResult<N>>;
  /** A repeating job (expiry sweeps); registering the same name twice keeps one schedule. */
  schedule<N extends JobName>(name: N, everyMs: number, payload: JobPayload<N>): Promise<void>;
  /** True when the queue can take work (Redis reachable). */
  healthy(): Promise<boolean>;
  /** How many jobs the queue holds in each state now (metrics). */
  jobCounts(): Promise<JobCounts>;
  /** Called each time the queue's connection comes back after a loss (its Redis may have restarted empty). */
  onReconnect?(listener: () => void): void;
  close(): Promise<void>;
}

/**
 * What a queue holds. BullMQ keeps finished jobs for a while (completed and failed are what it still
 * keeps); the in-process queue counts the jobs finished since the process started.
 */
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

/** The consumer side: runs processors until closed. close() stops taking work and finishes what runs. */
export interface JobWorker {
  /** Whether this worker is taking jobs now (its heartbeat is recent); readiness of a worker process. */
  consuming(): boolean;
  close(): Promise<void>;
}
