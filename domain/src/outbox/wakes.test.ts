/**
 * Which commits wake other processes (migration 0029): a notifying commit holds a database-wide lock
 * until it is flushed, so only what another process acts on may notify: events written while the
 * writer's relay is not the sequencer, and rows written with no relay at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUserId } from '@pog/common/schemas/ids';
import type { Database, DatabaseListener } from '../db/client';
import { randomTag, TEST_BACKENDS } from '../testing/backends';
import { OUTBOX_WRITTEN_CHANNEL } from './store';
import { attachOutboxHooks, inUnitOfWork } from './unit-of-work';

const now = new Date();

describe.each(TEST_BACKENDS)('outbox wakes on $name', ({ open, skip }) => {
  let database: Database;
  let listener: DatabaseListener;
  const heard: string[] = [];

  beforeAll(async () => {
    if (skip) return;
    database = await open();
    listener = await database.connectListener(() => undefined);
    await listener.listen(OUTBOX_WRITTEN_CHANNEL, (payload) => heard.push(payload));
  }, 60_000);

  afterAll(async () => {
    if (skip) return;
    await listener.close();
    await database.close();
  });

  /** Waits for `wake`, then says every wake heard that ends with `origin` (in commit order). */
  async function heardUpTo(wake: string, origin: string): Promise<string[]> {
    for (const until = Date.now() + 10_000; !heard.includes(wake) && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
    return heard.filter((payload) => payload.endsWith(`:${origin}`));
  }

  it.skipIf(skip)("wakes nobody for the sequencer's own events or for a relay's own jobs", async () => {
    const db = database.handle();
    const origin = `wakes-${randomTag()}`;
    let sequencer = true;
    const detach = attachOutboxHooks(db, { origin, sequencing: () => sequencer, committed: () => undefined });
    const event = () => inUnitOfWork(db, now, async (uow) => uow.toCluster({ type: 'user', userId: asUserId(-1) }));
    const job = () => inUnitOfWork(db, now, async (uow) => uow.enqueue('achievements.check', { userIds: [] }));
    try {
      await event();
      await job();
      sequencer = false;
      await job();
      // Notifications arrive in commit order: once this one is heard, any earlier one would have been.
      await event();
      expect(await heardUpTo(`outbox_events:${origin}`, origin)).toEqual([`outbox_events:${origin}`]);
    } finally {
      detach();
    }
  });

  it.skipIf(skip)('wakes every relay for rows written with no relay', async () => {
    const db = database.handle();
    await inUnitOfWork(db, now, async (uow) => uow.enqueue('achievements.check', { userIds: [] }));
    await inUnitOfWork(db, now, async (uow) => uow.toCluster({ type: 'user', userId: asUserId(-1) }));
    expect(await heardUpTo('outbox_events:', '')).toEqual(expect.arrayContaining(['outbox_jobs:', 'outbox_events:']));
  });
});
