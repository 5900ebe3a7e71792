/**
 * The embedded-mode job queue: no Redis, the processors run in this process. It keeps the contract
 * of the BullMQ queue (retries with exponential backoff, deduplication by jobId, delays, schedules,
 * graceful close) so that code and tests written against one behave the same on the other. Jobs live
 * in memory only: a restart forgets what was waiting, which embedded mode accepts.
 */
import {
  outboxJobId, type EnqueueOptions, type JobCounts, type JobContext, type JobName, type JobPayload, type JobQueue, type JobResult, type JobWorker, type OutboxJobFinished, type OutboxJobId, type ProcessorMap, type RunOptions,
} from '@pog/domain/jobs';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { DEFAULT_ATTEMPTS, DEFAULT_CONCURRENCY, DEFAULT_RUN_TIMEOUT_MS, dedupeKey } from './defaults';
import { failureFromError, isPermanentFailure, jobTimeoutError, leftToOutbox, queueClosedError } from './job-errors';
import type { JobFailureReport } from './failure-report';
import { jobTracker, type JobMetrics, type TrackedTry } from './job-tracker';

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
  readonly outboxId: OutboxJobId | undefined;
  readonly attempts: number;
  /** Tries started so far. */
  tries: number;
  timer: NodeJS.Timeout | undefined;
  readonly result: Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** What the runner needs from the queue's options. */
interface RunnerOptions {
  processors: ProcessorMap;
  concurrency: number;
  backoffMs: number;
  outboxJobFinished: OutboxJobFinished | undefined;
  log: Logger;
  tracker: ReturnType<typeof jobTracker>;
}

/** A promise with its resolve and reject, for a job whose result someone may await. */
function deferred(): Pick<Entry, 'result' | 'resolve' | 'reject'> {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const result = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Fire-and-forget jobs have no one awaiting the result; their failures go to onFailure.
  result.catch(() => undefined);
  return { result, resolve, reject };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(jobTimeoutError()), ms);
    timer.unref();
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * The jobs of one in-process queue: which are ready, sleeping (a delay or a retry backoff) or
 * running, and the tries that move them from one state to the next.
 */
class JobRunner {
  private sequence = 0;
  closing = false;
  running = 0;
  /** Jobs finished since start, for jobCounts(). */
  completed = 0;
  failed = 0;
  /** Jobs ready to start, oldest first. */
  readonly ready: Entry[] = [];
  /** Jobs waiting for a delay or a retry backoff. */
  readonly sleeping = new Set<Entry>();
  /** Unfinished jobs by deduplication key. */
  private readonly unfinished = new Map<string, Entry>();
  private readonly idleWaiters: Array<() => void> = [];

  constructor(private readonly options: RunnerOptions) {}

  add(name: JobName, payload: unknown, opts: EnqueueOptions = {}): Entry {
    if (this.closing) throw queueClosedError();
    const jobId = opts.outboxId !== undefined ? outboxJobId(opts.outboxId) : opts.jobId;
    const key = jobId === undefined ? undefined : dedupeKey(name, jobId);
    const existing = key === undefined ? undefined : this.unfinished.get(key);
    if (existing) return existing;

    const entry: Entry = {
      id: String(++this.sequence),
      name,
      payload,
      dedupeKey: key,
      outboxId: opts.outboxId,
      attempts: Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS),
      tries: 0,
      timer: undefined,
      ...deferred(),
    };
    if (key !== undefined) this.unfinished.set(key, entry);
    if (opts.delayMs && opts.delayMs > 0) this.sleep(entry, opts.delayMs);
    else this.wake(entry);
    return entry;
  }

  private sleep(entry: Entry, ms: number): void {
    this.sleeping.add(entry);
    entry.timer = setTimeout(() => {
      this.sleeping.delete(entry);
      entry.timer = undefined;
      this.wake(entry);
    }, ms);
    // Timers must not keep an otherwise finished process alive (scripts, tests).
    entry.timer.unref();
  }

  private wake(entry: Entry): void {
    this.ready.push(entry);
    this.pump();
  }

  private pump(): void {
    while (!this.closing && this.running < this.options.concurrency && this.ready.length > 0) {
      void this.execute(this.ready.shift()!);
    }
  }

  private async execute(entry: Entry): Promise<void> {
    this.running++;
    entry.tries++;
    const tried = this.options.tracker.start({ name: entry.name, jobId: entry.id, attempt: entry.tries });
    try {
      const processor = this.options.processors[entry.name] as OpaqueProcessor | undefined;
      if (!processor) throw new Error(`No processor is registered for job "${entry.name}"`);
      const value = await processor(entry.payload, { jobId: entry.id, attempt: entry.tries });
      tried.completed();
      this.completed++;
      this.settle(entry);
      entry.resolve(value);
    } catch (error) {
      this.afterFailure(entry, error, tried);
    } finally {
      this.running--;
      if (this.running === 0) for (const notify of this.idleWaiters.splice(0)) notify();
      this.pump();
    }
  }

  /** A try failed: the job sleeps until its next try, or fails for good, or is left to the outbox. */
  private afterFailure(entry: Entry, error: unknown, tried: TrackedTry): void {
    const permanent = isPermanentFailure(error);
    const final = permanent || entry.tries >= entry.attempts || this.closing;
    if (!final) {
      tried.failed(error, false);
      this.sleep(entry, this.options.backoffMs * 2 ** (entry.tries - 1));
      return;
    }
    // An outbox job whose tries all met a database outage stays open in the outbox, which hands
    // it over again later: a long outage (a full disk, a restart) loses no follow-up work.
    const handedBack = !this.closing && leftToOutbox(error, entry.outboxId !== undefined);
    tried.failed(error, true, handedBack);
    if (!handedBack) this.failed++;
    // Cut short by a shutdown, it is not done either: a later start hands it out again.
    this.settle(entry, permanent || (!this.closing && !handedBack));
    entry.reject(this.closing && !permanent ? queueClosedError() : failureFromError(error));
  }

  /** The job will not run again: a new job with the same id may be added, and its outbox row is done. */
  private settle(entry: Entry, ran = true): void {
    if (entry.dedupeKey !== undefined && this.unfinished.get(entry.dedupeKey) === entry) this.unfinished.delete(entry.dedupeKey);
    // A job dropped at shutdown did not finish: its outbox row stays open and is handed out again.
    const { outboxJobFinished, log } = this.options;
    if (ran && entry.outboxId !== undefined && outboxJobFinished) {
      outboxJobFinished(entry.outboxId).catch((error: unknown) => log.error({ component: 'jobs', job: entry.name, jobId: entry.id, err: error }, 'could not mark an outbox job done'));
    }
  }

  /** Stops starting jobs; work that has not started is dropped and its callers hear that the server is going away. */
  dropWaiting(): void {
    this.closing = true;
    for (const entry of [...this.ready.splice(0), ...this.sleeping]) {
      clearTimeout(entry.timer);
      this.settle(entry, false);
      entry.reject(queueClosedError());
    }
    this.sleeping.clear();
  }

  /** Resolves once no job is running. */
  async idle(): Promise<void> {
    if (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }
}

export function createInProcessQueue(options: InProcessQueueOptions): InProcessQueue {
  const log = options.log ?? silentLogger;
  const jobs = new JobRunner({
    processors: options.processors,
    concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
    backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
    outboxJobFinished: options.outboxJobFinished,
    log,
    tracker: jobTracker({ log, metrics: options.metrics, onFailure: options.onFailure }),
  });
  const schedules = new Map<JobName, NodeJS.Timeout>();

  return {
    kind: 'in-process',

    async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<void> {
      jobs.add(name, payload, opts);
    },

    async run<N extends JobName>(name: N, payload: JobPayload<N>, opts: RunOptions = {}): Promise<JobResult<N>> {
      const entry = jobs.add(name, payload, opts);
      // The entry was created for `name` (deduplication keys include the name), so the result has its type.
      return withTimeout(entry.result as Promise<JobResult<N>>, opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS);
    },

    async schedule<N extends JobName>(name: N, everyMs: number, payload: JobPayload<N>): Promise<void> {
      if (jobs.closing) throw queueClosedError();
      clearInterval(schedules.get(name));
      const tick = () => {
        if (!jobs.closing) jobs.add(name, payload, { jobId: SCHEDULE_JOB_ID });
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      schedules.set(name, timer);
      // Like a BullMQ job scheduler, the first run is now rather than one period from now.
      tick();
    },

    async healthy(): Promise<boolean> {
      return !jobs.closing;
    },

    consuming: () => !jobs.closing,

    async jobCounts(): Promise<JobCounts> {
      return { waiting: jobs.ready.length, active: jobs.running, delayed: jobs.sleeping.size, failed: jobs.failed, completed: jobs.completed };
    },

    async close(): Promise<void> {
      if (!jobs.closing) {
        for (const timer of schedules.values()) clearInterval(timer);
        schedules.clear();
        jobs.dropWaiting();
      }
      await jobs.idle();
    },
  };
}
