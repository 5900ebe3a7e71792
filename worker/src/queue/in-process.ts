/**
 * The embedded-mode job queue: no Redis, the processors run in this process. It keeps the contract
 * of the BullMQ queue (retries with exponential backoff, deduplication by jobId, delays, schedules,
 * graceful close) so that code and tests written against one behave the same on the other. Jobs live
 * in memory only: a restart forgets what was waiting, which embedded mode accepts.
 */
import {
  outboxJobId, type EnqueueOptions, type JobCounts, type JobContext, type JobName, type JobPayload, type JobQueue, type JobResult, type JobWorker, type OutboxJobFinished, type ProcessorMap, type RunOptions,
} from '@pog/domain/jobs';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { DEFAULT_ATTEMPTS, DEFAULT_CONCURRENCY, DEFAULT_RUN_TIMEOUT_MS, dedupeKey } from './defaults';
import { failureFromError, isPermanentFailure, jobTimeoutError, queueClosedError } from './job-errors';
import type { JobFailureReport } from './failure-report';
import { jobTracker, type JobMetrics } from './job-tracker';

export interface InProcessQueueOptions {
  processors: ProcessorMap;
  /** Jobs running at the same time (default DEFAULT_CONCURRENCY, 32). */
  concurrency?: number;
  /** Wait before the first retry; each further retry waits twice as long (default 200 ms). */
  backoffMs?: number;
  /** Hears about every failed try; defaults to logging it (failureReporter). */
  onFailure?: (report: JobFailureReport) => void;
  /** Told when a job from the outbox will not run again (the outbox marks it done). */
  outboxJobFinished?: OutboxJobFinished;
  log?: Logger;
  /** Durations of the jobs run here. */
  metrics?: JobMetrics;
}

/** Both sides of the job interface in one object: it queues work and runs it. */
export interface InProcessQueue extends JobQueue, JobWorker {
  readonly kind: 'in-process';
}

const DEFAULT_BACKOFF_MS = 200;
/** Deduplication id of the jobs a schedule creates: a slow run is not stacked with the next one. */
const SCHEDULE_JOB_ID = '__schedule__';

/** The processors' payload and result types differ per name; inside the queue they are opaque. */
type OpaqueProcessor = (payload: unknown, context: JobContext) => Promise<unknown>;

interface Entry {
  readonly id: string;
  readonly name: JobName;
  readonly payload: unknown;
  readonly dedupeKey: string | undefined;
  readonly outboxId: number | undefined;
  readonly attempts: number;
  /** Tries started so far. */
  tries: number;
  timer: NodeJS.Timeout | undefined;
  readonly result: Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export function createInProcessQueue(options: InProcessQueueOptions): InProcessQueue {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const log = options.log ?? silentLogger;
  const tracker = jobTracker({ log, metrics: options.metrics, onFailure: options.onFailure });

  let sequence = 0;
  let closing = false;
  let running = 0;
  /** Jobs finished since start, for jobCounts(). */
  let completed = 0;
  let failed = 0;
  /** Jobs ready to start, oldest first. */
  const ready: Entry[] = [];
  /** Jobs waiting for a delay or a retry backoff. */
  const sleeping = new Set<Entry>();
  /** Unfinished jobs by deduplication key. */
  const unfinished = new Map<string, Entry>();
  const schedules = new Map<JobName, NodeJS.Timeout>();
  const idleWaiters: Array<() => void> = [];

  function add(name: JobName, payload: unknown, opts: EnqueueOptions = {}): Entry {
    if (closing) throw queueClosedError();
    const jobId = opts.outboxId !== undefined ? outboxJobId(opts.outboxId) : opts.jobId;
    const key = jobId === undefined ? undefined : dedupeKey(name, jobId);
    const existing = key === undefined ? undefined : unfinished.get(key);
    if (existing) return existing;

    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const result = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Fire-and-forget jobs have no one awaiting the result; their failures go to onFailure.
    result.catch(() => undefined);
    const entry: Entry = {
      id: String(++sequence),
      name,
      payload,
      dedupeKey: key,
      outboxId: opts.outboxId,
      attempts: Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS),
      tries: 0,
      timer: undefined,
      result,
      resolve,
      reject,
    };
    if (key !== undefined) unfinished.set(key, entry);
    if (opts.delayMs && opts.delayMs > 0) sleep(entry, opts.delayMs);
    else wake(entry);
    return entry;
  }

  function sleep(entry: Entry, ms: number): void {
    sleeping.add(entry);
    entry.timer = setTimeout(() => {
      sleeping.delete(entry);
      entry.timer = undefined;
      wake(entry);
    }, ms);
    // Timers must not keep an otherwise finished process alive (scripts, tests).
    entry.timer.unref();
  }

  function wake(entry: Entry): void {
    ready.push(entry);
    pump();
  }

  function pump(): void {
    while (!closing && running < concurrency && ready.length > 0) {
      void execute(ready.shift()!);
    }
  }

  async function execute(entry: Entry): Promise<void> {
    running++;
    entry.tries++;
    const tried = tracker.start({ name: entry.name, jobId: entry.id, attempt: entry.tries });
    try {
      const processor = options.processors[entry.name] as OpaqueProcessor | undefined;
      if (!processor) throw new Error(`No processor is registered for job "${entry.name}"`);
      const value = await processor(entry.payload, { jobId: entry.id, attempt: entry.tries });
      tried.completed();
      completed++;
      settle(entry);
      entry.resolve(value);
    } catch (error) {
      const final = isPermanentFailure(error) || entry.tries >= entry.attempts || closing;
      tried.failed(error, final);
      if (final) failed++;
      if (final) {
        // Cut short by a shutdown, it is not done: a later start hands it out again.
        settle(entry, !closing || isPermanentFailure(error));
        entry.reject(closing && !isPermanentFailure(error) ? queueClosedError() : failureFromError(error));
      } else {
        sleep(entry, backoffMs * 2 ** (entry.tries - 1));
      }
    } finally {
      running--;
      if (running === 0) for (const notify of idleWaiters.splice(0)) notify();
      pump();
    }
  }

  /** The job will not run again: a new job with the same id may be added, and its outbox row is done. */
  function settle(entry: Entry, ran = true): void {
    if (entry.dedupeKey !== undefined && unfinished.get(entry.dedupeKey) === entry) unfinished.delete(entry.dedupeKey);
    // A job dropped at shutdown did not finish: its outbox row stays open and is handed out again.
    if (ran && entry.outboxId !== undefined && options.outboxJobFinished) {
      options.outboxJobFinished(entry.outboxId).catch((error: unknown) => log.error({ component: 'jobs', job: entry.name, jobId: entry.id, err: error }, 'could not mark an outbox job done'));
    }
  }

  function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(jobTimeoutError()), ms);
      timer.unref();
      promise.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  return {
    kind: 'in-process',

    async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<void> {
      add(name, payload, opts);
    },

    async run<N extends JobName>(name: N, payload: JobPayload<N>, opts: RunOptions = {}): Promise<JobResult<N>> {
      const entry = add(name, payload, opts);
      // The entry was created for `name` (deduplication keys include the name), so the result has its type.
      return withTimeout(entry.result as Promise<JobResult<N>>, opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS);
    },

    async schedule<N extends JobName>(name: N, everyMs: number, payload: JobPayload<N>): Promise<void> {
      if (closing) throw queueClosedError();
      clearInterval(schedules.get(name));
      const tick = () => {
        if (!closing) add(name, payload, { jobId: SCHEDULE_JOB_ID });
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      schedules.set(name, timer);
      // Like a BullMQ job scheduler, the first run is now rather than one period from now.
      tick();
    },

    async healthy(): Promise<boolean> {
      return !closing;
    },

    consuming: () => !closing,

    async jobCounts(): Promise<JobCounts> {
      return { waiting: ready.length, active: running, delayed: sleeping.size, failed, completed };
    },

    async close(): Promise<void> {
      if (!closing) {
        closing = true;
        for (const timer of schedules.values()) clearInterval(timer);
        schedules.clear();
        // Work that has not started is dropped; its callers hear that the server is going away.
        for (const entry of [...ready.splice(0), ...sleeping]) {
          clearTimeout(entry.timer);
          settle(entry, false);
          entry.reject(queueClosedError());
        }
        sleeping.clear();
      }
      if (running > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
