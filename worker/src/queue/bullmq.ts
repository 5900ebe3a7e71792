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
import { ServiceUnavailableError } from '@pog/common';
import {
  asOutboxJobId, outboxJobId, QUEUE_NAME, type EnqueueOptions, type JobCounts, type JobContext, type JobName, type JobPayload, type JobQueue, type JobResult, type JobWorker, type OutboxJobFinished, type ProcessorMap, type RunOptions,
} from '@pog/domain/jobs';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { DEFAULT_ATTEMPTS, DEFAULT_CONCURRENCY, DEFAULT_RUN_TIMEOUT_MS, dedupeKey } from './defaults';
import { decodeFailure, encodeAppError, isPermanentFailure, jobTimeoutError, leftToOutbox, queueClosedError } from './job-errors';
import type { JobFailureReport } from './failure-report';
import { FinishedJobs } from './finished-jobs';
import { startHeartbeat } from './heartbeat';
import { jobTracker, type JobMetrics } from './job-tracker';

export interface BullConnectionOptions {
  redisUrl: string;
  /** BullMQ key prefix: every key lives under `<prefix>:pog-jobs:`. */
  prefix: string;
  /** Connection trouble (once when it starts, once when it ends) and, for a worker, its jobs. */
  log?: Logger;
}

export interface BullQueueOptions extends BullConnectionOptions {
  /** Wait before the first retry; each further retry waits twice as long (default 1 s). */
  backoffMs?: number;
}

export interface BullWorkerOptions extends BullConnectionOptions {
  processors: ProcessorMap;
  /** Jobs this process runs at the same time (default DEFAULT_CONCURRENCY, 32). */
  concurrency?: number;
  /**
   * How long a running job stays claimed without a heartbeat (default 30 s). When a worker process
   * dies, its jobs are handed to another worker after about this long.
   */
  lockDurationMs?: number;
  /** How often this worker looks for jobs abandoned by dead workers (default 30 s). */
  stalledIntervalMs?: number;
  /** Hears about every failed try; defaults to logging it (failureReporter). */
  onFailure?: (report: JobFailureReport) => void;
  /** Told when a job from the outbox will not run again (the outbox marks it done). */
  outboxJobFinished?: OutboxJobFinished;
  /** Durations of the jobs this worker runs. */
  metrics?: JobMetrics;
  /** How often the worker checks that it can take jobs (default 5 s; see heartbeat.ts). */
  heartbeatMs?: number;
}

/** A BullMQ queue with what the runtime needs beyond the JobQueue contract. */
export interface BullJobQueue extends JobQueue {
  readonly kind: 'bullmq';
  /** Registers the periodic schedules again if Redis lost them; returns the names it had to restore. */
  restoreSchedules(): Promise<string[]>;
}

const DEFAULT_BACKOFF_MS = 1_000;
/** The outbox id of a job made from an outbox row (its job id is `outboxJobId(id)`). */
const OUTBOX_JOB_ID = /^outbox-(\d+)$/;
/** How long `healthy()` waits for Redis to answer a PING. */
const HEALTH_TIMEOUT_MS = 2_000;
/**
 * The longest a request waits for Redis connections before giving up on the queue (it then answers
 * 503, or, for a battle completion, settles in the gateway): well under the 2 s any request may take.
 */
const REDIS_WAIT_MS = 500;

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
/**
 * BullMQ's own reconnection backs off to 20 s between attempts during a long outage, so a worker
 * could take that long to notice Redis is back; here it tries at least every 2 s.
 */
function connectionOptions(redisUrl: string): ConnectionOptions {
  return { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: (times: number) => Math.min(250 * times, 2_000) };
}

/**
 * Connection trouble of one part (the producer, the event stream, the worker), logged once when it
 * starts and once when the connection is ready again: while Redis is down every reconnect attempt
 * reports an error, and none of them is news.
 */
function troubleLog(log: Logger, part: string) {
  let down = false;
  return {
    error(error: Error) {
      if (down) return;
      down = true;
      log.warn({ component: 'jobs', part, err: error.message }, `${part}: Redis connection trouble; retrying`);
    },
    ready() {
      if (!down) return;
      down = false;
      log.info({ component: 'jobs', part }, `${part}: connected to Redis again`);
    },
  };
}

/** The ioredis client of a BullMQ part, once it exists (BullMQ makes it asynchronously). */
function onClient(client: Promise<Redis | { on(event: string, listener: () => void): unknown }>, listener: (client: Redis) => void): void {
  client.then((c) => listener(c as Redis)).catch(() => undefined);
}

/** Waits at most `ms` for a promise that depends on Redis; past that, Redis counts as away. */
function withinRedisWait<T>(promise: Promise<T>, ms = REDIS_WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ServiceUnavailableError()), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function jobOptions(name: JobName, opts: EnqueueOptions): JobsOptions {
  const result: JobsOptions = {};
  if (opts.attempts !== undefined) result.attempts = Math.max(1, opts.attempts);
  if (opts.delayMs !== undefined && opts.delayMs > 0) result.delay = opts.delayMs;
  if (opts.outboxId !== undefined) {
    // A job from the outbox keeps the row's id: handed over twice, it is still one job.
    result.jobId = outboxJobId(opts.outboxId);
  } else if (opts.jobId !== undefined) {
    // Deduplication (not a custom jobId) gives "not while waiting or running, again once finished".
    result.deduplication = { id: dedupeKey(name, opts.jobId) };
  }
  return result;
}

/** The producer's Redis connection and the state that hangs on it. */
interface ProducerConnection {
  readonly redis: Redis;
  /** Logs the producer's connection trouble once. */
  readonly trouble: ReturnType<typeof troubleLog>;
  /** The rejections of `run()` calls waiting for a result. */
  readonly waiting: Set<(error: Error) => void>;
  readonly closing: boolean;
  readonly wasReady: boolean;
  onReconnect(listener: () => void): void;
  /**
   * Work is refused at once while Redis is away (nobody waits on an outage); only a queue that has
   * not connected yet waits for its first connection, at most REDIS_WAIT_MS.
   */
  ensureAvailable(): Promise<void>;
  /** Refuses further work and rejects the runs still waiting for a result. */
  startClosing(): void;
}

function producerConnection(redisUrl: string, log: Logger): ProducerConnection {
  // The producer's own connection: it fails fast while Redis is unreachable (no offline queue), so a
  // request that enqueues gets an error instead of hanging, and `healthy()` can PING it.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, enableOfflineQueue: false });
  const trouble = troubleLog(log, 'job queue');
  redis.on('error', trouble.error);
  redis.on('ready', trouble.ready);
  // Runs waiting for a result while the connection drops are answered at once: nobody waits on a
  // Redis that is away, and the job's own outcome is found another way (see battle completion).
  let closing = false;
  const waiting = new Set<(error: Error) => void>();
  const reconnectListeners: Array<() => void> = [];
  let wasReady = false;
  redis.on('close', () => {
    for (const fail of [...waiting]) fail(new ServiceUnavailableError());
  });
  redis.on('ready', () => {
    if (wasReady) for (const listener of reconnectListeners) listener();
    wasReady = true;
  });
  return {
    redis,
    trouble,
    waiting,
    get closing() {
      return closing;
    },
    get wasReady() {
      return wasReady;
    },
    onReconnect: (listener) => void reconnectListeners.push(listener),
    async ensureAvailable() {
      if (closing) throw queueClosedError();
      if (redis.status === 'ready') return;
      if (wasReady) throw new ServiceUnavailableError();
      await withinRedisWait(new Promise<void>((resolve) => redis.once('ready', () => resolve())));
    },
    startClosing() {
      closing = true;
      for (const fail of [...waiting]) fail(queueClosedError());
    },
  };
}

/** The queue's event stream, which `run()` listens to; opened on first use since most producers never wait. */
function lazyQueueEvents(options: BullConnectionOptions, log: Logger) {
  let events: QueueEvents | undefined;
  let finishedJobs: FinishedJobs | undefined;
  function open(): { events: QueueEvents; finishedJobs: FinishedJobs } {
    if (!events || !finishedJobs) {
      events = new QueueEvents(QUEUE_NAME, { connection: connectionOptions(options.redisUrl), prefix: options.prefix });
      const trouble = troubleLog(log, 'job events');
      events.on('error', trouble.error);
      onClient(events.getBackend().client, (client) => client.on('ready', trouble.ready));
      events.setMaxListeners(0);
      finishedJobs = new FinishedJobs(events);
    }
    return { events, finishedJobs };
  }
  return {
    open,
    close: async () => {
      await events?.close();
    },
  };
}

async function waitForResult(
  producer: ProducerConnection,
  finishedJobs: FinishedJobs,
  job: Job<unknown, unknown, JobName>,
  timeoutMs: number,
): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  let fail: ((error: Error) => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(jobTimeoutError()), timeoutMs);
    fail = reject;
    producer.waiting.add(reject);
  });
  // The outcome comes from the event stream (finished-jobs.ts); our timer decides, so the error is ours.
  const wait = finishedJobs.wait(job.id ?? '');
  const finished = wait.outcome.then((outcome) => {
    if (outcome.ok) return outcome.value;
    throw producer.closing ? queueClosedError() : decodeFailure(outcome.reason);
  });
  try {
    return await Promise.race([finished, timeout]);
  } finally {
    wait.cancel();
    clearTimeout(timer);
    if (fail) producer.waiting.delete(fail);
  }
}

/** Whether the producer's connection answers a PING within HEALTH_TIMEOUT_MS. */
async function queueAnswers(queue: Queue<unknown, unknown, JobName>, redis: Redis): Promise<boolean> {
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
}

async function countJobs(queue: Queue<unknown, unknown, JobName>): Promise<JobCounts> {
  const counts = await queue.getJobCounts('wait', 'prioritized', 'waiting-children', 'active', 'delayed', 'failed', 'completed');
  const n = (state: string) => counts[state] ?? 0;
  return { waiting: n('wait') + n('prioritized') + n('waiting-children'), active: n('active'), delayed: n('delayed'), failed: n('failed'), completed: n('completed') };
}

export function createBullQueue(options: BullQueueOptions): BullJobQueue {
  const log = options.log ?? silentLogger;
  const producer = producerConnection(options.redisUrl, log);
  const { redis } = producer;
  const schedules = new Map<JobName, { everyMs: number; payload: unknown }>();
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
  queue.on('error', producer.trouble.error);
  queue.setMaxListeners(0);
  const events = lazyQueueEvents(options, log);

  async function add(name: JobName, payload: unknown, opts: EnqueueOptions = {}): Promise<Job<unknown, unknown, JobName>> {
    await producer.ensureAvailable();
    return queue.add(name, payload, jobOptions(name, opts));
  }

  return {
    kind: 'bullmq',

    async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<void> {
      await add(name, payload, opts);
    },

    async run<N extends JobName>(name: N, payload: JobPayload<N>, opts: RunOptions = {}): Promise<JobResult<N>> {
      // One budget for every connection the run needs (the producer's and the event stream's).
      const deadline = Date.now() + REDIS_WAIT_MS;
      await producer.ensureAvailable();
      // Subscribe before adding, so that a job finishing at once is not missed.
      const { events: stream, finishedJobs } = events.open();
      await withinRedisWait(stream.waitUntilReady(), Math.max(0, deadline - Date.now()));
      const job = await withinRedisWait(add(name, payload, opts), Math.max(0, deadline - Date.now()));
      // The job was added under `name` (deduplication keys include the name), so the result has its type.
      return (await waitForResult(producer, finishedJobs, job, opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS)) as JobResult<N>;
    },

    async schedule<N extends JobName>(name: N, everyMs: number, payload: JobPayload<N>): Promise<void> {
      if (producer.closing) throw queueClosedError();
      schedules.set(name, { everyMs, payload });
      // The scheduler id is the job name: every process that registers it updates the same schedule.
      await queue.upsertJobScheduler(name, { every: everyMs }, { name, data: payload });
    },

    async restoreSchedules(): Promise<string[]> {
      const restored: string[] = [];
      for (const [name, { everyMs, payload }] of schedules) {
        if (producer.closing || redis.status !== 'ready') break;
        if (await queue.getJobScheduler(name)) continue;
        await queue.upsertJobScheduler(name, { every: everyMs }, { name, data: payload });
        restored.push(name);
      }
      return restored;
    },

    onReconnect: producer.onReconnect,

    async healthy(): Promise<boolean> {
      if (producer.closing || (producer.wasReady && redis.status !== 'ready')) return false;
      return queueAnswers(queue, redis);
    },

    async jobCounts(): Promise<JobCounts> {
      await producer.ensureAvailable();
      return countJobs(queue);
    },

    async close(): Promise<void> {
      if (producer.closing) return;
      // Pending `run()` calls are rejected first; then the queue and its event stream close.
      producer.startClosing();
      await queue.close();
      await events.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Removes the failed jobs that were left to the outbox once BullMQ has failed them: a job id still
 * in the failed set would make the relay's next hand-over of the same row a no-op.
 */
function removeHandedBack(handedBack: Set<string>, log: Logger): (job: Job | undefined) => void {
  return (job) => {
    if (!job?.id || !handedBack.delete(job.id)) return;
    const jobId = job.id;
    job.remove().catch((error: unknown) => {
      log.warn({ component: 'jobs', jobId, err: error instanceof Error ? error.message : String(error) }, `job ${jobId} met a database outage and could not be removed; the outbox cannot hand it over again`);
    });
  };
}

export function createBullWorker(options: BullWorkerOptions): JobWorker {
  const log = options.log ?? silentLogger;
  const tracker = jobTracker({ log, metrics: options.metrics, onFailure: options.onFailure });

  /** The outbox row behind this job, if it came from one, is done: it is not handed over again. */
  async function finished(jobId: string): Promise<void> {
    const outboxId = OUTBOX_JOB_ID.exec(jobId)?.[1];
    if (outboxId && options.outboxJobFinished) await options.outboxJobFinished(asOutboxJobId(Number(outboxId)));
  }

  /** Failed jobs to remove once BullMQ has moved them to the failed set. */
  const handedBackJobs = new Set<string>();

  async function runJob(job: Job<unknown, unknown, string>): Promise<unknown> {
    const attempt = job.attemptsMade + 1;
    const jobId = job.id ?? '';
    // attemptsMade counts the tries that ended, attemptsStarted every start: more starts than that
    // means this try began before, in a worker that stopped without finishing it.
    const tried = tracker.start({ name: job.name, jobId, attempt }, job.attemptsStarted > attempt);
    try {
      const processor = options.processors[job.name as JobName] as OpaqueProcessor | undefined;
      if (!processor) throw new UnrecoverableError(`No processor is registered for job "${job.name}"`);
      const result = await processor(job.data, { jobId, attempt });
      await finished(jobId);
      tried.completed();
      return result;
    } catch (error) {
      const permanent = isPermanentFailure(error) || error instanceof UnrecoverableError;
      const final = permanent || attempt >= (job.opts.attempts ?? 1);
      // An outbox job whose tries all met a database outage stays open in the outbox; its failed
      // copy here is removed (below) so that the relay's next hand-over adds it anew.
      const handedBack = final && !permanent && leftToOutbox(error, OUTBOX_JOB_ID.test(jobId));
      tried.failed(error, final, handedBack);
      if (handedBack) handedBackJobs.add(jobId);
      else if (final) await finished(jobId).catch(() => undefined);
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
  const trouble = troubleLog(log, 'job worker');
  worker.on('error', trouble.error);
  worker.on('failed', removeHandedBack(handedBackJobs, log));
  worker.on('stalled', (jobId) => log.info({ component: 'jobs', jobId }, `job ${jobId} stalled (the worker running it stopped); it goes back to the queue`));

  // The worker's own connections: commands (fetching, locks) and the blocking wait for new jobs.
  const backend = worker.getBackend();
  let commands: Redis | undefined;
  let blocking: Redis | undefined;
  onClient(backend.client, (c) => {
    commands = c;
    c.on('ready', trouble.ready);
  });
  if (backend.blockingClient) {
    onClient(backend.blockingClient, (c) => {
      blocking = c;
      c.on('ready', trouble.ready);
    });
  }
  const connectionsUp = () => commands?.status === 'ready' && (!backend.blockingClient || blocking?.status === 'ready');
  let closing = false;
  const state = () => !closing && worker.isRunning() && !worker.isPaused() && connectionsUp();
  const heartbeat = startHeartbeat({
    state,
    probe: async () => {
      // BullMQ's fetch loop ends for good on some errors (one thrown while finishing a job, say):
      // started again here, or this worker would take no job until the process restarts.
      if (!closing && !worker.isRunning() && !worker.isPaused() && connectionsUp()) {
        log.warn({ component: 'jobs' }, 'the job worker had stopped taking jobs; starting it again');
        worker.run().catch((error: unknown) => trouble.error(error instanceof Error ? error : new Error(String(error))));
      }
      // The PING goes on the commands connection: on the blocking one it would wait behind a
      // blocking read of up to 10 s whenever the queue is empty.
      return state() && (await pingWithin(commands!, HEALTH_TIMEOUT_MS));
    },
    ...(options.heartbeatMs !== undefined ? { everyMs: options.heartbeatMs } : {}),
  });
  worker.on('ready', () => void heartbeat.beatNow());

  return {
    consuming: () => heartbeat.alive(),
    /** Stops fetching jobs and waits for the running ones to finish. */
    async close() {
      closing = true;
      heartbeat.stop();
      await worker.close();
    },
  };
}

async function pingWithin(client: Redis, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([client.ping().then((reply) => reply === 'PONG'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
