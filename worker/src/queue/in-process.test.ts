import { afterEach, describe, expect, it } from 'vitest';
import { gate, queueContractTests, waitUntil, type WelcomeProcessor } from '../testing/queue-contract';
import { AppError } from '@pog/common';
import { createMetricsRegistry } from '@pog/domain/metrics';
import { memoryLogger } from '@pog/domain/logging';
import { createInProcessQueue, type InProcessQueue } from './in-process';
import { createJobMetrics } from './metrics';
import { asOutboxJobId, type OutboxJobId } from '@pog/domain/jobs';
import { asNotificationId, asUserId } from '@pog/common/schemas/ids';

const silent = () => undefined;
const open: InProcessQueue[] = [];

function queueWith(processor: WelcomeProcessor, concurrency = 2): InProcessQueue {
  const queue = createInProcessQueue({ processors: { 'user.welcome': processor }, concurrency, backoffMs: 5, onFailure: silent });
  open.push(queue);
  return queue;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((q) => q.close()));
});

describe('in-process job queue', () => {
  queueContractTests((processor) => queueWith(processor), { delayMs: 80 });

  it('names its kind', () => {
    expect(queueWith(async () => ({ notificationId: asNotificationId(1) })).kind).toBe('in-process');
  });

  it('waits longer before each retry', async () => {
    const startedAt: number[] = [];
    const queue = queueWith(async (_payload, { attempt }) => {
      startedAt.push(Date.now());
      if (attempt < 3) throw new Error('database is restarting');
      return { notificationId: asNotificationId(attempt) };
    });
    await queue.run('user.welcome', { userId: asUserId(1) });
    // Backoff 5 ms then 10 ms: the second wait is at least the doubled base.
    expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(9);
  });

  it('rejects run() with a timeout error when the job takes too long', async () => {
    const hold = gate();
    const queue = queueWith(async () => {
      await hold.opened;
      return { notificationId: asNotificationId(1) };
    });
    await expect(queue.run('user.welcome', { userId: asUserId(1) }, { timeoutMs: 30 })).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 504 });
    hold.release();
  });

  it('repeats a scheduled job and keeps one schedule per name', async () => {
    const seen: number[] = [];
    const queue = queueWith(async ({ userId }) => {
      seen.push(userId);
      return { notificationId: null };
    });
    await queue.schedule('user.welcome', 20, { userId: asUserId(1) });
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([1]);
    // Registering again replaces the first schedule instead of adding a second one.
    await queue.schedule('user.welcome', 20, { userId: asUserId(2) });
    await waitUntil(() => seen.length >= 4);
    expect(seen.slice(1)).toEqual(seen.slice(1).map(() => 2));
  });

  it('close() waits for the running job, then refuses new work', async () => {
    const hold = gate();
    let started = false;
    let finished = false;
    const queue = queueWith(async () => {
      started = true;
      await hold.opened;
      finished = true;
      return { notificationId: asNotificationId(1) };
    });
    const running = queue.run('user.welcome', { userId: asUserId(1) });
    await waitUntil(() => started);

    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(closed).toBe(false);

    hold.release();
    await closing;
    expect(finished).toBe(true);
    await expect(running).resolves.toEqual({ notificationId: 1 });
    await expect(queue.enqueue('user.welcome', { userId: asUserId(2) })).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 503 });
    await expect(queue.healthy()).resolves.toBe(false);
  });

  it('close() drops jobs that have not started and tells their callers', async () => {
    const queue = queueWith(async () => ({ notificationId: asNotificationId(1) }));
    const delayed = queue.run('user.welcome', { userId: asUserId(1) }, { delayMs: 10_000 });
    await queue.close();
    await expect(delayed).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 503 });
  });

  it('runs no more jobs at once than its concurrency', async () => {
    let active = 0;
    let peak = 0;
    const queue = queueWith(async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 15));
      active--;
      return { notificationId: null };
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((userId) => queue.run('user.welcome', { userId: asUserId(userId) })));
    expect(peak).toBe(2);
  });
  it('counts its jobs, times each try by name and outcome, and logs failures with name, id and try', async () => {
    const { log, lines } = memoryLogger({ level: 'info' });
    const registry = createMetricsRegistry();
    const hold = gate();
    const queue = createInProcessQueue({
      processors: {
        'user.welcome': async ({ userId }, { attempt }) => {
          if (userId === 1) await hold.opened;
          if (userId === 2 && attempt < 2) throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
          if (userId === 3) throw new Error('always broken');
          if (userId === 4) throw new AppError('CONFLICT', 'Nothing to welcome.');
          return { notificationId: asNotificationId(userId) };
        },
      },
      concurrency: 1,
      backoffMs: 5,
      log,
      metrics: createJobMetrics(registry),
    });
    open.push(queue);
    const first = queue.run('user.welcome', { userId: asUserId(1) });
    await queue.enqueue('user.welcome', { userId: asUserId(5) });
    await queue.enqueue('user.welcome', { userId: asUserId(6) }, { delayMs: 60_000 });
    await expect(queue.jobCounts()).resolves.toEqual({ waiting: 1, active: 1, delayed: 1, failed: 0, completed: 0 });
    hold.release();
    await first;
    await queue.run('user.welcome', { userId: asUserId(2) });
    await expect(queue.run('user.welcome', { userId: asUserId(3) }, { attempts: 2 })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    await expect(queue.run('user.welcome', { userId: asUserId(4) })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await queue.jobCounts()).toMatchObject({ completed: 3, failed: 2, active: 0, delayed: 1 });

    const metrics = await registry.getSingleMetricAsString('pog_job_duration_seconds');
    expect(metrics).toContain('pog_job_duration_seconds_count{name="user.welcome",outcome="completed"} 3');
    expect(metrics).toContain('pog_job_duration_seconds_count{name="user.welcome",outcome="retried"} 2');
    expect(metrics).toContain('pog_job_duration_seconds_count{name="user.welcome",outcome="failed"} 2');
    // A retry is a warning without a stack, a job failed for good an error with one, an expected
    // verdict one info line; successful jobs write nothing at info.
    expect(lines().map((line) => [line.level, line.job, line.attempt, line.message])).toEqual([
      ['warn', 'user.welcome', 1, 'job user.welcome failed on try 1; it will be retried'],
      ['warn', 'user.welcome', 1, 'job user.welcome failed on try 1; it will be retried'],
      ['error', 'user.welcome', 2, 'job user.welcome failed for good after 2 tries'],
      ['info', 'user.welcome', 1, 'job user.welcome refused its work: Nothing to welcome.'],
    ]);
    expect(lines()[2]!.err).toMatchObject({ message: 'always broken', stack: expect.stringContaining('always broken') });
    expect(lines().filter((line) => (line.err as { stack?: string } | undefined)?.stack)).toHaveLength(1);
  });

  it('leaves an outbox job whose every try met a database outage open for the outbox, and runs it when handed over again', async () => {
    const { log, lines } = memoryLogger({ level: 'info' });
    const finished: OutboxJobId[] = [];
    let databaseDown = true;
    const diskFull = () => Object.assign(new Error('Failed query: insert into "notifications"'), { cause: Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }) });
    const queue = createInProcessQueue({
      processors: {
        'user.welcome': async ({ userId }) => {
          if (userId === 2) throw new Error('always broken');
          if (databaseDown) throw diskFull();
          return { notificationId: asNotificationId(userId) };
        },
      },
      backoffMs: 5,
      log,
      outboxJobFinished: async (id) => void finished.push(id),
    });
    open.push(queue);
    await queue.enqueue('user.welcome', { userId: asUserId(1) }, { outboxId: asOutboxJobId(7), attempts: 2 });
    await queue.enqueue('user.welcome', { userId: asUserId(2) }, { outboxId: asOutboxJobId(8), attempts: 2 });
    const outageTries = () => lines().filter((line) => String(line.message).includes('outage')).length;
    await waitUntil(() => finished.length === 1 && outageTries() === 1);
    expect(await queue.jobCounts()).toMatchObject({ failed: 1, active: 0, waiting: 0, delayed: 0 });
    // A job that is broken fails for good and is done; the one that met the outage is not.
    expect(finished).toEqual([asOutboxJobId(8)]);
    expect(lines().filter((line) => line.level !== 'info').map((line) => [line.level, line.jobId !== undefined, line.message])).toEqual(
      expect.arrayContaining([
        ['warn', true, 'job user.welcome met a database outage on try 2; the outbox hands it over again later'],
        ['error', true, 'job user.welcome failed for good after 2 tries'],
      ]),
    );

    // The database is back and the relay hands the row over again: the same id is accepted and runs.
    databaseDown = false;
    await queue.enqueue('user.welcome', { userId: asUserId(1) }, { outboxId: asOutboxJobId(7), attempts: 2 });
    await waitUntil(() => finished.length === 2);
    expect(finished).toEqual([asOutboxJobId(8), asOutboxJobId(7)]);
    expect(await queue.jobCounts()).toMatchObject({ completed: 1, failed: 1 });
  });

  it('gives a job that is not from the outbox up after its tries, outage or not', async () => {
    const queue = queueWith(async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    await expect(queue.run('user.welcome', { userId: asUserId(1) }, { attempts: 2 })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(await queue.jobCounts()).toMatchObject({ failed: 1 });
  });
});
