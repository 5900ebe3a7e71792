import { describe, expect, it } from 'vitest';
import { ConflictError } from '@pog/common';
import { silentLogger } from '@pog/domain/logging';
import { asOutboxJobId, type EnqueueOptions, type JobQueue, type ProcessorMap } from '@pog/domain/jobs';
import { LOCAL_CONCURRENCY, localFirstQueue } from './local-first';
import { asPogId, asUserId } from '@pog/common/schemas/ids';

/** A queue that only records what it was given. */
function recordingQueue() {
  const given: Array<{ name: string; payload: unknown; opts: EnqueueOptions | undefined }> = [];
  const queue: JobQueue = {
    kind: 'bullmq',
    enqueue: async (name, payload, opts) => void given.push({ name, payload, opts }),
    run: async () => {
      throw new Error('not used');
    },
    schedule: async () => undefined,
    healthy: async () => true,
    jobCounts: async () => ({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 }),
    close: async () => undefined,
  };
  return { queue, given };
}

function setUp(check: ProcessorMap['achievements.check']) {
  const { queue, given } = recordingQueue();
  const done: number[] = [];
  const local = localFirstQueue(queue, {
    processors: { 'achievements.check': check },
    outboxJobFinished: async (id) => void done.push(id),
    log: silentLogger,
    retryDelayMs: 5,
  });
  return { local, given, done };
}

describe('the relay queue of a process that runs processors', () => {
  it('runs an outbox job here, with its outbox job id, and marks its row done; the queue never sees it', async () => {
    const seen: string[] = [];
    const { local, given, done } = setUp(async (_payload, { jobId }) => {
      seen.push(jobId);
      return { completed: {} };
    });
    await local.enqueue('achievements.check', { userIds: [asUserId(1)] }, { outboxId: asOutboxJobId(41) });
    await local.drain();
    expect(seen).toEqual(['outbox-41']);
    expect(done).toEqual([41]);
    expect(given).toEqual([]);
  });

  it('gives a failed first try to the queue with the tries it has left, delayed, and does not mark it done', async () => {
    const { local, given, done } = setUp(async () => {
      throw new Error('database restarting');
    });
    await local.enqueue('achievements.check', { userIds: [asUserId(2)] }, { outboxId: asOutboxJobId(42), attempts: 3 });
    await local.drain();
    expect(done).toEqual([]);
    expect(given).toEqual([{ name: 'achievements.check', payload: { userIds: [asUserId(2)] }, opts: { outboxId: 42, attempts: 2, delayMs: 5 } }]);
  });

  it('finishes a job that failed for good (a permanent error, or its only try) without retrying it', async () => {
    const { local, given, done } = setUp(async ({ userIds }) => {
      throw userIds[0] === 3 ? new ConflictError('no such player') : new Error('flaky');
    });
    await local.enqueue('achievements.check', { userIds: [asUserId(3)] }, { outboxId: asOutboxJobId(43) });
    await local.enqueue('achievements.check', { userIds: [asUserId(4)] }, { outboxId: asOutboxJobId(44), attempts: 1 });
    await local.drain();
    expect(done.sort()).toEqual([43, 44]);
    expect(given).toEqual([]);
  });

  it('leaves a job whose only try met a database outage open for the relay, neither done nor queued', async () => {
    const { local, given, done } = setUp(async ({ userIds }) => {
      throw userIds[0] === 5 ? Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }) : Object.assign(new Error('could not extend file'), { code: '53100' });
    });
    await local.enqueue('achievements.check', { userIds: [asUserId(5)] }, { outboxId: asOutboxJobId(45), attempts: 1 });
    await local.enqueue('achievements.check', { userIds: [asUserId(6)] }, { outboxId: asOutboxJobId(46), attempts: 1 });
    await local.drain();
    expect(done).toEqual([]);
    expect(given).toEqual([]);
  });

  it('hands to the queue what it cannot run here: no processor, not from the outbox, delayed, or too many at once', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const { local, given } = setUp(async () => {
      await blocked;
      return { completed: {} };
    });
    await local.enqueue('pog.score', { pogId: asPogId(1), version: 1 }, { outboxId: asOutboxJobId(1) });
    await local.enqueue('achievements.check', { userIds: [asUserId(5)] });
    await local.enqueue('achievements.check', { userIds: [asUserId(6)] }, { outboxId: asOutboxJobId(2), delayMs: 100 });
    for (let i = 0; i < LOCAL_CONCURRENCY + 1; i++) await local.enqueue('achievements.check', { userIds: [asUserId(7)] }, { outboxId: asOutboxJobId(100 + i) });
    expect(given.map((g) => g.opts?.outboxId ?? null)).toEqual([1, null, 2, 100 + LOCAL_CONCURRENCY]);
    release();
    await local.drain();
  });

  it('drain waits for the jobs running here and takes no more', async () => {
    let finished = false;
    const { local, given } = setUp(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished = true;
      return { completed: {} };
    });
    await local.enqueue('achievements.check', { userIds: [asUserId(8)] }, { outboxId: asOutboxJobId(50) });
    await local.drain();
    expect(finished).toBe(true);
    await local.enqueue('achievements.check', { userIds: [asUserId(9)] }, { outboxId: asOutboxJobId(51) });
    expect(given.map((g) => g.opts?.outboxId)).toEqual([51]);
  });
});
