import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawnCrashFixture } from '../testing/crash-fixture';
import { gate, queueContractTests, sleep, waitUntil, type WelcomeProcessor } from '../testing/queue-contract';
import { createMetricsRegistry } from '@pog/domain/metrics';
import { memoryLogger, type Logger } from '@pog/domain/logging';
import { asOutboxJobId, QUEUE_NAME, type JobQueue, type JobWorker } from '@pog/domain/jobs';
import { createBullQueue, createBullWorker } from './bullmq';
import { createJobMetrics } from './metrics';
import type { JobMetrics } from './job-tracker';
import { asNotificationId, asUserId } from '@pog/common/schemas/ids';

const redisUrl = process.env.TEST_REDIS_URL;
/** Every test gets its own prefix under this one; all of them are deleted at the end. */
const runPrefix = `test-${process.pid}-${Date.now()}`;
let testNumber = 0;

const silent = () => undefined;
const closers: Array<() => Promise<void>> = [];

function setup(processor?: WelcomeProcessor, options: { lockDurationMs?: number; stalledIntervalMs?: number } = {}) {
  const prefix = `${runPrefix}-${++testNumber}`;
  const queue = createBullQueue({ redisUrl: redisUrl!, prefix, backoffMs: 20 });
  closers.push(() => queue.close());
  const worker = processor ? startWorker(prefix, processor, options) : undefined;
  return { prefix, queue, worker };
}

function startWorker(
  prefix: string,
  processor: WelcomeProcessor,
  options: { lockDurationMs?: number; stalledIntervalMs?: number; log?: Logger; metrics?: JobMetrics; heartbeatMs?: number } = {},
): JobWorker {
  const worker = createBullWorker({ redisUrl: redisUrl!, prefix, processors: { 'user.welcome': processor }, onFailure: silent, ...options });
  closers.push(() => worker.close());
  return worker;
}

/** Polls an asynchronous check for up to 10 s. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await check()); await sleep(25)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** A plain BullMQ handle on a test's queue, to look at its state. */
function inspect(prefix: string): Queue {
  const queue = new Queue(QUEUE_NAME, { connection: { url: redisUrl! }, prefix });
  closers.push(() => queue.close());
  return queue;
}

afterEach(async () => {
  // Workers and queues close in reverse order of creation; closing twice is harmless.
  for (const close of closers.splice(0).reverse()) await close();
});

afterAll(async () => {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${runPrefix}-*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
  await redis.quit();
});

describe.skipIf(!redisUrl)('BullMQ job queue [needs TEST_REDIS_URL]', () => {
  queueContractTests((processor) => setup(processor).queue, { delayMs: 400 });

  it('names its kind and reports healthy while Redis answers', async () => {
    const { queue } = setup(async () => ({ notificationId: asNotificationId(1) }));
    expect(queue.kind).toBe('bullmq');
    await expect(queue.healthy()).resolves.toBe(true);
  });

  it('rejects run() with a timeout error when no worker finishes the job in time', async () => {
    const { queue } = setup();
    await expect(queue.run('user.welcome', { userId: asUserId(1) }, { timeoutMs: 200 })).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 504 });
  });

  it('repeats a scheduled job, and processes registering it share one schedule', async () => {
    const seen: number[] = [];
    const { prefix, queue } = setup(async ({ userId }) => {
      seen.push(userId);
      return { notificationId: null };
    });
    const otherProcess = createBullQueue({ redisUrl: redisUrl!, prefix });
    closers.push(() => otherProcess.close());
    await queue.schedule('user.welcome', 150, { userId: asUserId(1) });
    await otherProcess.schedule('user.welcome', 150, { userId: asUserId(2) });
    await waitUntil(() => seen.length >= 3);
    await expect(inspect(prefix).getJobSchedulersCount()).resolves.toBe(1);
  });

  it('close() on the worker waits for the running job, then takes no more work', async () => {
    const hold = gate();
    const started: number[] = [];
    const { prefix, queue, worker } = setup(async ({ userId }) => {
      started.push(userId);
      if (userId === 1) await hold.opened;
      return { notificationId: asNotificationId(userId) };
    });
    const running = queue.run('user.welcome', { userId: asUserId(1) });
    await waitUntil(() => started.length === 1);

    let closed = false;
    const closing = worker!.close().then(() => (closed = true));
    await sleep(100);
    expect(closed).toBe(false);
    hold.release();
    await closing;
    await expect(running).resolves.toEqual({ notificationId: 1 });

    await queue.enqueue('user.welcome', { userId: asUserId(2) });
    await sleep(200);
    expect(started).toEqual([1]);
    await expect(inspect(prefix).getJobCounts('wait')).resolves.toEqual({ wait: 1 });
  });

  it('close() on the queue refuses new work', async () => {
    const { queue } = setup();
    await queue.close();
    await expect(queue.enqueue('user.welcome', { userId: asUserId(1) })).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 503 });
    await expect(queue.healthy()).resolves.toBe(false);
  });

  it('reports unhealthy when Redis cannot be reached', async () => {
    const { log, lines } = memoryLogger();
    const unreachable: JobQueue = createBullQueue({ redisUrl: 'redis://127.0.0.1:1', prefix: `${runPrefix}-unreachable`, log });
    await expect(unreachable.healthy()).resolves.toBe(false);
    await expect(unreachable.jobCounts()).rejects.toMatchObject({ status: 503 });
    // Closing a queue that never connected must not hang.
    const closed = await Promise.race([unreachable.close().then(() => true), sleep(3_000).then(() => false)]);
    expect(closed).toBe(true);
    // The connection trouble is logged once, not on every reconnect attempt.
    expect(lines().filter((line) => line.part === 'job queue')).toEqual([expect.objectContaining({ level: 'warn', message: 'job queue: Redis connection trouble; retrying' })]);
  });

  it('counts the jobs it holds by state', async () => {
    const { queue } = setup();
    await queue.enqueue('user.welcome', { userId: asUserId(1) });
    await queue.enqueue('user.welcome', { userId: asUserId(2) }, { delayMs: 60_000 });
    await expect(queue.jobCounts()).resolves.toEqual({ waiting: 1, active: 0, delayed: 1, failed: 0, completed: 0 });
  });

  it('a worker is consuming while it runs and its heartbeat is fresh, and not once it is closed', async () => {
    const { prefix } = setup();
    const worker = startWorker(prefix, async () => ({ notificationId: asNotificationId(1) }), { heartbeatMs: 100 });
    expect(worker.consuming()).toBe(false);
    // A worker's first beat waits for its Redis connections, which can take seconds on a busy machine.
    await waitUntil(() => worker.consuming(), 20_000);
    await worker.close();
    expect(worker.consuming()).toBe(false);
  }, 30_000);

  it('hands the job of a worker process that died mid-job to another worker, which completes it once', async () => {
    const { prefix, queue } = setup();
    const child = spawnCrashingWorker(prefix);
    try {
      const result = queue.run('user.welcome', { userId: asUserId(9) }, { timeoutMs: 14_000 });
      await child.started;
      child.process.kill('SIGKILL');

      const survivorRuns: number[] = [];
      const { log, lines } = memoryLogger({ level: 'info' });
      const registry = createMetricsRegistry();
      startWorker(
        prefix,
        async ({ userId }) => {
          survivorRuns.push(userId);
          return { notificationId: asNotificationId(userId) };
        },
        { stalledIntervalMs: 300, log, metrics: createJobMetrics(registry) },
      );
      await expect(result).resolves.toEqual({ notificationId: 9 });
      expect(survivorRuns).toEqual([9]);
      // The survivor says it picked the job up again, with its name, id and try.
      const restarted = lines().filter((line) => line.message.includes('picked up again'));
      expect(restarted).toEqual([expect.objectContaining({ level: 'warn', job: 'user.welcome', jobId: expect.any(String), attempt: 1 })]);
      expect(await registry.getSingleMetricAsString('pog_jobs_restarted_total')).toContain('pog_jobs_restarted_total{name="user.welcome"} 1');
      await expect(inspect(prefix).getJobCounts('completed', 'failed', 'active', 'wait')).resolves.toEqual({ completed: 1, failed: 0, active: 0, wait: 0 });
    } finally {
      child.process.kill('SIGKILL');
    }
  }, 20_000);

  it('leaves an outbox job whose every try met a database outage to the outbox, and takes it again when handed over', async () => {
    const { prefix, queue } = setup();
    const finished: number[] = [];
    let databaseDown = true;
    const worker = createBullWorker({
      redisUrl: redisUrl!,
      prefix,
      processors: {
        'user.welcome': async ({ userId }) => {
          if (databaseDown) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
          return { notificationId: asNotificationId(userId) };
        },
      },
      outboxJobFinished: async (id) => void finished.push(id),
      onFailure: silent,
    });
    closers.push(() => worker.close());
    const bull = inspect(prefix);
    await queue.enqueue('user.welcome', { userId: asUserId(1) }, { outboxId: asOutboxJobId(9), attempts: 2 });
    // Both tries fail; the failed job is then removed rather than kept, and its row is not done.
    await until(async () => (await bull.getJob('outbox-9')) === undefined, 'the failed job to be removed');
    expect(finished).toEqual([]);
    await expect(bull.getJobCounts('failed', 'completed')).resolves.toEqual({ failed: 0, completed: 0 });

    // The database is back; the relay hands the row over again under the same id, and it runs.
    databaseDown = false;
    await queue.enqueue('user.welcome', { userId: asUserId(1) }, { outboxId: asOutboxJobId(9), attempts: 2 });
    await until(async () => finished.length === 1, 'the job to run again');
    expect(finished).toEqual([9]);
  }, 30_000);
});

/** Starts bullmq.crash-fixture.ts in its own process; `started` resolves once it is inside the job. */
function spawnCrashingWorker(prefix: string) {
  return spawnCrashFixture(new URL('./bullmq.crash-fixture.ts', import.meta.url), prefix, 'started ');
}
