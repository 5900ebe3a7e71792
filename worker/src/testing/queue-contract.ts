/**
 * What every JobQueue implementation promises, as one set of tests that the in-process queue and
 * the BullMQ queue both run (each file adds the tests of what only it does).
 */
import { expect, it } from 'vitest';
import { AppError, ForbiddenError } from '@pog/common';
import type { JobContext, JobQueue, JobResult } from '@pog/domain/jobs';
import { asNotificationId, asUserId, type UserId } from '@pog/common/schemas/ids';

export type WelcomeProcessor = (payload: { userId: UserId }, context: JobContext) => Promise<JobResult<'user.welcome'>>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise plus the function that resolves it, to hold a processor mid-job. */
export function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

export async function waitUntil(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** Registers the contract's tests; `makeQueue` gives a queue whose jobs run `processor`. */
export function queueContractTests(makeQueue: (processor: WelcomeProcessor) => JobQueue, options: { delayMs: number }): void {
  it('runs the processor and returns its result', async () => {
    const queue = makeQueue(async ({ userId }) => ({ notificationId: asNotificationId(userId * 10) }));
    await expect(queue.run('user.welcome', { userId: asUserId(4) })).resolves.toEqual({ notificationId: 40 });
  });

  it('retries a failing job with increasing attempt numbers until it succeeds', async () => {
    const attempts: number[] = [];
    const queue = makeQueue(async (_payload, { attempt }) => {
      attempts.push(attempt);
      if (attempt < 3) throw new Error('database is restarting');
      return { notificationId: asNotificationId(attempt) };
    });
    await expect(queue.run('user.welcome', { userId: asUserId(1) })).resolves.toEqual({ notificationId: 3 });
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up after the allowed attempts with a SERVER_ERROR that hides the cause', async () => {
    let tries = 0;
    const queue = makeQueue(async () => {
      tries++;
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
    });
    const failure = await queue.run('user.welcome', { userId: asUserId(1) }, { attempts: 2 }).catch((e: unknown) => e);
    expect(tries).toBe(2);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'SERVER_ERROR', status: 500 });
    expect((failure as AppError).message).not.toContain('ECONNREFUSED');
  });

  it('does not retry an AppError and hands it back with its code, message and status', async () => {
    let tries = 0;
    const queue = makeQueue(async () => {
      tries++;
      throw new ForbiddenError('Only the owner may burn this pog.');
    });
    const failure = await queue.run('user.welcome', { userId: asUserId(1) }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'FORBIDDEN', status: 403, message: 'Only the owner may burn this pog.' });
    await sleep(100);
    expect(tries).toBe(1);
  });

  it('does not add a job whose id is waiting or running, but accepts it again once finished', async () => {
    const hold = gate();
    let runs = 0;
    const queue = makeQueue(async ({ userId }) => {
      runs++;
      await hold.opened;
      return { notificationId: asNotificationId(userId) };
    });
    const first = queue.run('user.welcome', { userId: asUserId(1) }, { jobId: 'welcome-1' });
    await waitUntil(() => runs === 1);
    const duplicate = queue.run('user.welcome', { userId: asUserId(2) }, { jobId: 'welcome-1' });
    await queue.enqueue('user.welcome', { userId: asUserId(3) }, { jobId: 'welcome-1' });
    await sleep(50);
    hold.release();
    // The duplicate waits for the original job and shares its result.
    await expect(first).resolves.toEqual({ notificationId: 1 });
    await expect(duplicate).resolves.toEqual({ notificationId: 1 });
    expect(runs).toBe(1);

    await expect(queue.run('user.welcome', { userId: asUserId(4) }, { jobId: 'welcome-1' })).resolves.toEqual({ notificationId: 4 });
    expect(runs).toBe(2);
  });

  it('starts a delayed job only after its delay', async () => {
    let startedAt = 0;
    const queue = makeQueue(async () => {
      startedAt = Date.now();
      return { notificationId: asNotificationId(1) };
    });
    const enqueuedAt = Date.now();
    await queue.run('user.welcome', { userId: asUserId(1) }, { delayMs: options.delayMs });
    expect(startedAt - enqueuedAt).toBeGreaterThanOrEqual(options.delayMs - 10);
  });
}
