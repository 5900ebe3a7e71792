/**
 * The distributed-mode job queue: BullMQ on Redis. Producers (gateways, processors that chain work)
 * use `createBullQueue`; worker processes run `createBullWorker`. Everything shares one BullMQ queue
 * whose job names are the JobNames, under a key prefix so that several deployments (or test runs)
 * can share one Redis.
 */
import {
  Queue,
  QueueEvents,
  UnrecoverableError,
  Worker,
  type ConnectionOptions,
  type Job,
  type JobsOptions,
  type WorkerOptions,
} from 'bullmq';
import { Redis } from 'ioredis';
import type {
  EnqueueOptions,
  JobContext,
  JobName,
  JobPayload,
  JobQueue,
  JobResult,
  JobWorker,
  ProcessorMap,
  RunOptions,
} from '@pog/common/server';
import { DEFAULT_ATTEMPTS, DEFAULT_CONCURRENCY, DEFAULT_RUN_TIMEOUT_MS, dedupeKey } from './defaults';
import { decodeFailure, encodeAppError, isPermanentFailure, jobTimeoutError, queueClosedError } from './job-errors';
import { reportFailure, type JobFailureReport } from './failure-report';

export const QUEUE_NAME = 'pog-jobs';

export interface BullConnectionOptions {
  redisUrl: string;
  /** BullMQ key prefix: every key lives under `<prefix>:pog-jobs:`. */
  prefix: string;
}

export interface BullQueueOptions extends BullConnectionOptions {
  /** Wait before the first retry; each further retry waits twice as long (default 1 s). */
  backoffMs?: number;
}

export interface BullWorkerOptions extends BullConnectionOptions {
  processors: ProcessorMap;
  /** Jobs this process runs at the same time (default 4). */
  concurrency?: number;
  /**
   * How long a running job stays claimed without a heartbeat (default 30 s). When a worker process
   * dies, its jobs are handed to another worker after about this long.
   */
  lockDurationMs?: number;
  /** How often this worker looks for jobs abandoned by dead workers (default 30 s). */
  stalledIntervalMs?: number;
  /** Hears about every failed try; defaults to logging jobs that failed for good. */
  onFailure?: (report: JobFailureReport) => void;
}

const DEFAULT_BACKOFF_MS = 1_000;
/** How long `healthy()` waits for Redis to answer a PING. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * Finished jobs are kept a while: for debugging, and because `run()` may look a job up just after
 * it finished. Deduplication does not depend on them (BullMQ drops the deduplication key as soon as
 * the job completes or fails for good).
 */
const KEEP_COMPLETED = { age: 60 * 60, count: 1_000 };
const KEEP_FAILED = { age: 7 * 24 * 60 * 60, count: 5_000 };

/** The processors' payload and result types differ per name; inside the worker they are opaque. */
type OpaqueProcessor = (payload: unknown, context: JobContext) => Promise<unknown>;

/** BullMQ creates and owns these connections; blocking ones need maxRetriesPerRequest: null. */
function connectionOptions(redisUrl: string): ConnectionOptions {
  return { url: redisUrl, maxRetriesPerRequest: null };
}

/**
 * Logs connection errors without flooding: while Redis is down every reconnect attempt reports the
 * same error, so a repeated message is logged at most once a minute.
 */
function logError(source: string) {
  let lastMessage = '';
  let lastLoggedAt = 0;
  return (error: Error) => {
    const now = Date.now();
    if (error.message === lastMessage && now - lastLoggedAt < 60_000) return;
    lastMessage = error.message;
    lastLoggedAt = now;
    console.error(`[jobs] ${source} error: ${error.message}`);
  };
}

export function createBullQueue(options: BullQueueOptions): JobQueue {
  // The producer's own connection: it fails fast while Redis is unreachable (no offline queue), so a
  // request that enqueues gets an error instead of hanging, and `healthy()` can PING it.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: false });
  redis.on('error', logError('redis'));
  const queue = new Queue<unknown, unknown, JobName>(QUEUE_NAME, {
    connection: redis,
    prefix: options.prefix,
    defaultJobOptions: {
      attempts: DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    },
  });
  queue.on('error', logError('queue'));
  // Every waiting run() listens for the queue's 'closing' too (BullMQ's waitUntilFinished).
  queue.setMaxListeners(0);

  let closing = false;
  let events: QueueEvents | undefined;

  /** `run()` listens to the queue's event stream; opened on first use since most producers never wait. */
  function queueEvents(): QueueEvents {
    if (!events) {
      events = new QueueEvents(QUEUE_NAME, { connection: connectionOptions(options.redisUrl), prefix: options.prefix });
      events.on('error', logError('queue events'));
      // Every waiting run() listens for 'closing'; a busy gateway has many at once, which is normal.
      events.setMaxListeners(0);
    }
    return events;
  }

  function jobOptions(name: JobName, opts: EnqueueOptions): JobsOptions {
    const result: JobsOptions = {};
    if (opts.attempts !== undefined) result.attempts = Math.max(1, opts.attempts);
    if (opts.delayMs !== undefined && opts.delayMs > 0) result.delay = opts.delayMs;
    // Deduplication (not a custom jobId) gives "not while waiting or running, again once finished".
    if (opts.jobId !== undefined) result.deduplication = { id: dedupeKey(name, opts.jobId) };
    return result;
  }

  async function add(name: JobName, payload: unknown, opts: EnqueueOptions = {}): Promise<Job<unknown, unknown, JobName>> {
    if (closing) throw queueClosedError();
    return queue.add(name, payload, jobOptions(name, opts));
  }

  async function waitForResult(job: Job<unknown, unknown, JobName>, timeoutMs: number): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(jobTimeoutError()), timeoutMs);
    });
    // BullMQ's own ttl only cleans up its listeners; our timer decides, so the error is ours.
    const finished = job.waitUntilFinished(queueEvents(), timeoutMs + 1_000).catch((error: unknown) => {
      if (closing) throw queueClosedError();
      throw decodeFailure(error instanceof Error ? error.message : undefined);
    });
    try {
      return await Promise.race([finished, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: 'bullmq',

    async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<void> {
      await add(name, payload, opts);
    },

    async run<N extends JobName>(name: N, payload: JobPayload<N>, opts: RunOptions = {}): Promise<JobResult<N>> {
      // Subscribe before adding, so that a job finishing at once is not missed.
      await queueEvents().waitUntilReady();
      const job = await add(name, payload, opts);
      // The job was added under `name` (deduplication keys include the name), so the result has its type.
      return (await waitForResult(job, opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS)) as JobResult<N>;
    },

    async schedule<N extends JobName>(name: N, everyMs: number, payload: JobPayload<N>): Promise<void> {
      if (closing) throw queueClosedError();
      // The scheduler id is the job name: every process that registers it updates the same schedule.
      await queue.upsertJobScheduler(name, { every: everyMs }, { name, data: payload });
    },

    async healthy(): Promise<boolean> {
      if (closing) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
      });
      // A queue created a moment ago may still be connecting; without an offline queue a PING
      // sent now would fail, so wait for the connection first (bounded by the same timeout).
      const ping = queue
        .waitUntilReady()
        .then(() => redis.ping())
        .then(
          (reply) => reply === 'PONG',
          () => false,
        );
      try {
        return await Promise.race([ping, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      // Closing the queue first makes pending `run()` calls reject (BullMQ emits 'closing').
      await queue.close();
      await events?.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createBullWorker(options: BullWorkerOptions): JobWorker {
  const onFailure = options.onFailure ?? reportFailure;

  async function runJob(job: Job<unknown, unknown, string>): Promise<unknown> {
    const attempt = job.attemptsMade + 1;
    const jobId = job.id ?? '';
    try {
      const processor = options.processors[job.name as JobName] as OpaqueProcessor | undefined;
      if (!processor) throw new UnrecoverableError(`No processor is registered for job "${job.name}"`);
      return await processor(job.data, { jobId, attempt });
    } catch (error) {
      const permanent = isPermanentFailure(error) || error instanceof UnrecoverableError;
      const final = permanent || attempt >= (job.opts.attempts ?? 1);
      onFailure({ name: job.name, jobId, attempt, error, final });
      // BullMQ fails an UnrecoverableError at once; its message becomes the job's failedReason.
      if (isPermanentFailure(error)) throw new UnrecoverableError(encodeAppError(error));
      throw error;
    }
  }

  const workerOptions: WorkerOptions = {
    connection: connectionOptions(options.redisUrl),
    prefix: options.prefix,
    concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
  };
  if (options.lockDurationMs !== undefined) workerOptions.lockDuration = options.lockDurationMs;
  if (options.stalledIntervalMs !== undefined) workerOptions.stalledInterval = options.stalledIntervalMs;

  const worker = new Worker<unknown, unknown, string>(QUEUE_NAME, runJob, workerOptions);
  worker.on('error', logError('worker'));

  return {
    /** Stops fetching jobs and waits for the running ones to finish. */
    close: () => worker.close(),
  };
}
