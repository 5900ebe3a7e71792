import { afterEach, describe, expect, it } from 'vitest';
import { AppError, NotFoundError } from '@pog/common';
import type { JobContext, JobResult } from '@pog/common/server';
import { createInProcessQueue, type InProcessQueue } from './in-process';

type WelcomeProcessor = (payload: { userId: number }, context: JobContext) => Promise<JobResult<'user.welcome'>>;

const silent = () => undefined;
const open: InProcessQueue[] = [];

function queueWith(processor: WelcomeProcessor, concurrency = 2): InProcessQueue {
  const queue = createInProcessQueue({ processors: { 'user.welcome': processor }, concurrency, backoffMs: 5, onFailure: silent });
  open.push(queue);
  return queue;
}

/** A promise plus the function that resolves it, to hold a processor mid-job. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

const waitUntil = async (check: () => boolean, ms = 2_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

afterEach(async () => {
  await Promise.all(open.splice(0).map((q) => q.close()));
});

describe('in-process job queue', () => {
  it('runs the processor and returns its result', async () => {
    const queue = queueWith(async ({ userId }) => ({ notificationId: userId * 10 }));
    expect(queue.kind).toBe('in-process');
    await expect(queue.run('user.welcome', { userId: 4 })).resolves.toEqual({ notificationId: 40 });
  });

  it('retries a failing job with increasing attempt numbers until it succeeds', async () => {
    const attempts: number[] = [];
    const startedAt: number[] = [];
    const queue = queueWith(async (_payload, { attempt }) => {
      attempts.push(attempt);
      startedAt.push(Date.now());
      if (attempt < 3) throw new Error('database is restarting');
      return { notificationId: attempt };
    });
    await expect(queue.run('user.welcome', { userId: 1 })).resolves.toEqual({ notificationId: 3 });
    expect(attempts).toEqual([1, 2, 3]);
    // Backoff 5 ms then 10 ms: the second wait is at least the doubled base.
    expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(9);
  });

  it('gives up after the allowed attempts with a SERVER_ERROR that hides the cause', async () => {
    let tries = 0;
    const queue = queueWith(async () => {
      tries++;
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
    });
    const failure = await queue.run('user.welcome', { userId: 1 }, { attempts: 3 }).catch((e: unknown) => e);
    expect(tries).toBe(3);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'SERVER_ERROR', status: 500 });
    expect((failure as AppError).message).not.toContain('ECONNREFUSED');
  });

  it('does not retry an AppError and hands it back with its code, message and status', async () => {
    let tries = 0;
    const queue = queueWith(async () => {
      tries++;
      throw new NotFoundError('That user is gone.');
    });
    const failure = await queue.run('user.welcome', { userId: 1 }).catch((e: unknown) => e);
    expect(tries).toBe(1);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'That user is gone.' });
  });

  it('does not add a job whose id is waiting or running, but accepts it again once finished', async () => {
    const hold = gate();
    let runs = 0;
    const queue = queueWith(async ({ userId }) => {
      runs++;
      await hold.opened;
      return { notificationId: userId };
    });
    const first = queue.run('user.welcome', { userId: 1 }, { jobId: 'welcome-1' });
    const duplicate = queue.run('user.welcome', { userId: 2 }, { jobId: 'welcome-1' });
    await queue.enqueue('user.welcome', { userId: 3 }, { jobId: 'welcome-1' });
    hold.release();
    // The duplicate waits for the original job and shares its result.
    await expect(first).resolves.toEqual({ notificationId: 1 });
    await expect(duplicate).resolves.toEqual({ notificationId: 1 });
    expect(runs).toBe(1);

    await expect(queue.run('user.welcome', { userId: 4 }, { jobId: 'welcome-1' })).resolves.toEqual({ notificationId: 4 });
    expect(runs).toBe(2);
  });

  it('starts a delayed job only after its delay', async () => {
    let startedAt = 0;
    const queue = queueWith(async () => {
      startedAt = Date.now();
      return { notificationId: 1 };
    });
    const enqueuedAt = Date.now();
    await queue.run('user.welcome', { userId: 1 }, { delayMs: 80 });
    expect(startedAt - enqueuedAt).toBeGreaterThanOrEqual(75);
  });

  it('rejects run() with a timeout error when the job takes too long', async () => {
    const hold = gate();
    const queue = queueWith(async () => {
      await hold.opened;
      return { notificationId: 1 };
    });
    await expect(queue.run('user.welcome', { userId: 1 }, { timeoutMs: 30 })).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 504 });
    hold.release();
  });

  it('repeats a scheduled job and keeps one schedule per name', async () => {
    const seen: number[] = [];
    const queue = queueWith(async ({ userId }) => {
      seen.push(userId);
      return { notificationId: null };
    });
    await queue.schedule('user.welcome', 20, { userId: 1 });
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([1]);
    // Registering again replaces the first schedule instead of adding a second one.
    await queue.schedule('user.welcome', 20, { userId: 2 });
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
      return { notificationId: 1 };
    });
    const running = queue.run('user.welcome', { userId: 1 });
    await waitUntil(() => started);

    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(closed).toBe(false);

    hold.release();
    await closing;
    expect(finished).toBe(true);
    await expect(running).resolves.toEqual({ notificationId: 1 });
    await expect(queue.enqueue('user.welcome', { userId: 2 })).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 503 });
    await expect(queue.healthy()).resolves.toBe(false);
  });

  it('close() drops jobs that have not started and tells their callers', async () => {
    const queue = queueWith(async () => ({ notificationId: 1 }));
    const delayed = queue.run('user.welcome', { userId: 1 }, { delayMs: 10_000 });
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
    await Promise.all([1, 2, 3, 4, 5].map((userId) => queue.run('user.welcome', { userId })));
    expect(peak).toBe(2);
  });
});
