/**
 * The outbox on both databases: sequencing (global order, contiguous positions per stream, nothing
 * skipped when transactions commit out of order), catch-up reads, job claims and hand-overs, pruning,
 * and the relay delivering both to a gateway's sink and to the queue.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { testNotification } from '@pog/domain/testing/notifications';
import {
  claimJobs, claimUnfinishedJobs, inUnitOfWork, markJobDone, OutboxRelay, pruneOutbox, readSequenced, releaseJobs, replayStream, sequenceEvents, streamHead, type SequencedEvent,
} from '@pog/domain/outbox';
import { asOutboxJobId } from '@pog/domain/jobs';
import { silentLogger } from '@pog/domain/logging';
import { type Database, type Db } from '@pog/domain/db';
import { createInProcessQueue } from '@pog/worker';
import { BACKENDS, backendTitle, privatePostgresDatabase, sharedDatabase } from '../../gateway/src/testing/databases';
import { waitFor } from '../../gateway/src/testing/wait';
import { asUserId, type UserId } from '@pog/common/schemas/ids';

const now = () => new Date();
/** A player stream of this test's own (no such player exists), so no other events mix in. */
const freshPlayer = () => asUserId(randomInt(1_000_000_000, 2_000_000_000));
/** The events' payloads only carry a number, to check order. */
/** A valid notification whose id numbers it (the recipient is not what these tests read). */
const numbered = (n: number) => testNotification(0, n);

async function write(db: Db, events: Array<[player: UserId, n: number]>): Promise<void> {
  await inUnitOfWork(db, now(), async (uow) => {
    for (const [player, n] of events) uow.toUser(player, 'notification', numbered(n));
  });
}

/** Sequences until nothing is left (other tests' rows may be in the same database). */
async function sequenceAll(db: Db): Promise<void> {
  while ((await sequenceEvents(db, 1000)).sequenced > 0);
}

const payloadsOf = (events: SequencedEvent[]) => events.map((e) => (e.payload as { id: number }).id);

describe.each(BACKENDS)('outbox', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    let database: Database;
    let db: Db;
    beforeAll(async () => {
      // Claiming, handing over and pruning act on every row of a database: on PostgreSQL this file
      // gets a database of its own, so that it never takes another test's jobs or events.
      database = backend.name === 'postgres' ? await privatePostgresDatabase() : await sharedDatabase(backend.name);
      db = database.handle();
    });
    afterAll(async () => {
      if (backend.name === 'postgres') await database?.close();
    });

    it('gives committed events a global seq and contiguous positions per stream, in commit order', async () => {
      const [a, b] = [freshPlayer(), freshPlayer()];
      await write(db, [[a, 1], [b, 1], [a, 2]]);
      await write(db, [[a, 3]]);
      await sequenceAll(db);
      const replayA = await replayStream(db, userStream(a), 0, 100);
      const replayB = await replayStream(db, userStream(b), 0, 100);
      expect(replayA).toMatchObject({ kind: 'events', head: 3 });
      expect(replayB).toMatchObject({ kind: 'events', head: 1 });
      if (replayA.kind !== 'events' || replayB.kind !== 'events') throw new Error('unreachable');
      expect(replayA.events.map((e) => e.position)).toEqual([1, 2, 3]);
      expect(payloadsOf(replayA.events)).toEqual([1, 2, 3]);
      expect(replayB.events.map((e) => e.position)).toEqual([1]);
      const seqs = replayA.events.map((e) => e.seq);
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      // The gateways' feed sees the same events in seq order.
      const fed = (await readSequenced(db, seqs[0]! - 1, 1000)).filter((e) => e.stream === userStream(a));
      expect(payloadsOf(fed)).toEqual([1, 2, 3]);
    });

    it('replays after a position, and asks for a refetch when the position is unknown, too far back or pruned', async () => {
      const player = freshPlayer();
      const stream = userStream(player);
      for (let n = 1; n <= 5; n++) await write(db, [[player, n]]);
      await sequenceAll(db);
      const after2 = await replayStream(db, stream, 2, 100);
      expect(after2.kind === 'events' && payloadsOf(after2.events)).toEqual([3, 4, 5]);
      expect(await replayStream(db, stream, 5, 100)).toEqual({ kind: 'events', events: [], head: 5 });
      expect(await replayStream(db, stream, 9, 100)).toEqual({ kind: 'reset', head: 5 });
      expect(await replayStream(db, stream, 0, 3)).toEqual({ kind: 'reset', head: 5 });
      expect(await streamHead(db, userStream(freshPlayer()))).toBe(0);

      // Pruning takes the oldest events (of every stream written before the cutoff); heads stay.
      const pruned = await pruneOutbox(db, new Date(Date.now() + 60_000));
      expect(pruned.events).toBeGreaterThanOrEqual(5);
      expect(await streamHead(db, stream)).toBe(5);
      expect(await replayStream(db, stream, 2, 100)).toEqual({ kind: 'reset', head: 5 });
      // New events continue after the head, never reusing a position.
      await write(db, [[player, 6]]);
      await sequenceAll(db);
      const after5 = await replayStream(db, stream, 5, 100);
      expect(after5.kind === 'events' && after5.events.map((e) => e.position)).toEqual([6]);
    });

    // Two transactions at once need the server (PGlite is one connection).
    if (backend.name === 'postgres') it('sequences a transaction that committed after later rows were sequenced, skipping nothing', async () => {
      const player = freshPlayer();
      const stream = userStream(player);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedFirst = new Promise<void>((resolve) => (inserted = resolve));
      // The slow transaction writes first (lower id) and commits last.
      const slow = inUnitOfWork(db, now(), async (uow) => {
        uow.toUser(player, 'notification', numbered(1));
        await uow.flush();
        inserted();
        await held;
      });
      await insertedFirst;
      await write(db, [[player, 2]]);
      await sequenceAll(db);
      const before = await replayStream(db, stream, 0, 100);
      expect(before.kind === 'events' && payloadsOf(before.events)).toEqual([2]);
      release();
      await slow;
      await sequenceAll(db);
      const after = await replayStream(db, stream, 0, 100);
      expect(after.kind === 'events' && after.events.map((e) => [e.position, (e.payload as { id: number }).id])).toEqual([
        [1, 2],
        [2, 1],
      ]);
    });

    it("dates a unit of work's transaction by the command's clock, in one transaction with its outbox rows", async () => {
      const at = new Date('2026-03-02T10:20:30.456Z');
      const player = freshPlayer();
      const seen = await inUnitOfWork(db, at, async (uow) => {
        const result = (await uow.tx.execute(sql`SELECT current_setting('pog.now', true) AS now, pog_now() AS trigger_now`)) as unknown as { rows: Array<{ now: string; trigger_now: string | Date }> };
        uow.toUser(player, 'notification', numbered(1));
        return result.rows[0]!;
      });
      expect(new Date(seen.now).toISOString()).toBe(at.toISOString());
      expect(new Date(seen.trigger_now).toISOString()).toBe(at.toISOString());
      // Failing work commits nothing: neither its change nor its outbox rows.
      const other = freshPlayer();
      await expect(
        inUnitOfWork(db, now(), async (uow) => {
          uow.toUser(other, 'notification', numbered(1));
          await uow.flush();
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      await sequenceAll(db);
      expect(await streamHead(db, userStream(other))).toBe(0);
      expect(await streamHead(db, userStream(player))).toBe(1);
      // Outside a unit of work the setting is gone (it was the transaction's own).
      const after = (await db.execute(sql`SELECT coalesce(current_setting('pog.now', true), '') AS now`)) as unknown as { rows: Array<{ now: string }> };
      expect(after.rows[0]!.now).toBe('');
    });

    it('marks finished jobs done, many at once sharing statements, each caller answered', async () => {
      const ids = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const result = (await db.execute(sql`INSERT INTO outbox_jobs (name, payload) VALUES ('user.welcome', '{"userId": 1}'::jsonb) RETURNING id`)) as unknown as { rows: Array<{ id: number }> };
          return asOutboxJobId(Number(result.rows[0]!.id));
        }),
      );
      await Promise.all(ids.map((id) => markJobDone(db, id)));
      const open = (await db.execute(sql`SELECT count(*)::int AS n FROM outbox_jobs WHERE done_at IS NULL AND id IN (SELECT (value)::bigint FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(open.rows[0]!.n).toBe(0);
    });

    it('claims its own jobs first, takes over others after a while, and hands unfinished ones over again', async () => {
      const [mine, theirs] = [`origin-${randomUUID()}`, `origin-${randomUUID()}`];
      const insert = (origin: string) =>
        db.execute(sql`INSERT INTO outbox_jobs (name, payload, origin) VALUES ('user.welcome', '{"userId": 1}'::jsonb, ${origin}) RETURNING id`);
      const idOf = async (origin: string) => asOutboxJobId(Number(((await insert(origin)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id));
      const own = await idOf(mine);
      const other = await idOf(theirs);

      const first = await claimJobs(db, mine, 100, new Date(Date.now() - 60_000));
      expect(first.map((j) => j.id)).toContain(own);
      expect(first.map((j) => j.id)).not.toContain(other);
      // Claimed rows are not claimed twice.
      expect((await claimJobs(db, mine, 100, new Date(Date.now() - 60_000))).map((j) => j.id)).not.toContain(own);
      // Another process's row is adopted once it has waited past the cutoff.
      expect((await claimJobs(db, mine, 100, new Date(Date.now() + 60_000))).map((j) => j.id)).toContain(other);

      // Released (the queue refused it), it is claimable again.
      await releaseJobs(db, [own]);
      expect((await claimJobs(db, mine, 100, new Date(Date.now() - 60_000))).map((j) => j.id)).toContain(own);
      // Delivered but not finished: handed over again; finished: never again.
      await markJobDone(db, other);
      const again = (await claimUnfinishedJobs(db, 1000, new Date(Date.now() + 60_000))).map((j) => j.id);
      expect(again).toContain(own);
      expect(again).not.toContain(other);
    });

    if (backend.name === 'postgres') it("wakes the sequencer for another relay's units of work, and that relay hears they were sequenced, with no poll", async () => {
      const queue = createInProcessQueue({ processors: {}, outboxJobFinished: (id) => markJobDone(db, id) });
      // No safety-net poll: an event reaches a sink only if the relays wake each other.
      const relay = (handle: Db, deliver: (events: SequencedEvent[]) => void) =>
        new OutboxRelay({ database, db: handle, queue, log: silentLogger, retentionMs: 3_600_000, pollMs: 3_600_000, deliver });
      const atSequencer: SequencedEvent[] = [];
      const atWriter: SequencedEvent[] = [];
      const sequencer = relay(database.handle(), (events) => atSequencer.push(...events));
      await sequencer.start();
      const writerDb = database.handle();
      const writer = relay(writerDb, (events) => atWriter.push(...events));
      await writer.start();
      try {
        expect([sequencer.status().sequencer, writer.status().sequencer]).toEqual([true, false]);
        const player = freshPlayer();
        const stream = userStream(player);
        // Units of work on the writing relay's own handle: its process wakes it, the database nobody.
        for (let n = 1; n <= 3; n++) await write(writerDb, [[player, n]]);
        const mine = (events: SequencedEvent[]) => payloadsOf(events.filter((e) => e.stream === stream));
        await waitFor(() => mine(atSequencer).length === 3 && mine(atWriter).length === 3, 5_000, 'both sinks');
        expect([mine(atSequencer), mine(atWriter)]).toEqual([[1, 2, 3], [1, 2, 3]]);
      } finally {
        await writer.close();
        await sequencer.close();
        await queue.close();
      }
    });

    it('hands over again a follow-up job whose every try met a database outage, and it is done once the database is back', async () => {
      const relayDb = database.handle();
      const marker = freshPlayer();
      let tries = 0;
      let databaseDown = true;
      const queue = createInProcessQueue({
        processors: {
          'achievements.check': async ({ userIds }) => {
            if (!userIds.includes(marker)) return { completed: {} };
            tries++;
            if (databaseDown) throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }) });
            return { completed: {} };
          },
        },
        backoffMs: 5,
        outboxJobFinished: (id) => markJobDone(relayDb, id),
        onFailure: () => undefined,
      });
      const relay = new OutboxRelay({ database, db: relayDb, queue, log: silentLogger, retentionMs: 3_600_000, pollMs: 100, redeliverAfterMs: 300 });
      const done = async () => {
        const rows = (await relayDb.execute(sql`SELECT count(*)::int AS n FROM outbox_jobs WHERE payload->'userIds' @> ${JSON.stringify([marker])}::jsonb AND done_at IS NOT NULL`)) as unknown as { rows: Array<{ n: number }> };
        return rows.rows[0]!.n === 1;
      };
      await relay.start();
      try {
        await inUnitOfWork(relayDb, now(), async (uow) => uow.enqueue('achievements.check', { userIds: [marker] }));
        // Its five tries, then at least one more hand-over, all during the outage: still not done.
        await waitFor(() => tries >= 6, 10_000, 'the job to be handed over again');
        expect(await done()).toBe(false);
        databaseDown = false;
        await waitFor(done, 10_000, 'the job to be done once the database is back');
      } finally {
        await relay.close();
        await queue.close();
      }
    });

    it('relays: a gateway sink gets each event once in order, and follow-up jobs run and are marked done', async () => {
      const relayDb = database.handle();
      const ran: number[] = [];
      const queue = createInProcessQueue({
        processors: {
          'achievements.check': async ({ userIds }) => {
            ran.push(...userIds);
            return { completed: {} };
          },
        },
        outboxJobFinished: (id) => markJobDone(relayDb, id),
      });
      const delivered: SequencedEvent[] = [];
      const relay = new OutboxRelay({ database, db: relayDb, queue, log: silentLogger, retentionMs: 3_600_000, deliver: (events) => delivered.push(...events) });
      await relay.start();
      try {
        const player = freshPlayer();
        const stream = userStream(player);
        const marker = freshPlayer();
        for (let n = 1; n <= 3; n++) {
          await inUnitOfWork(relayDb, now(), async (uow) => {
            uow.toUser(player, 'notification', numbered(n));
            if (n === 3) uow.enqueue('achievements.check', { userIds: [marker] });
          });
        }
        await waitFor(() => delivered.filter((e) => e.stream === stream).length === 3 && ran.includes(marker), 10_000, 'the relay');
        expect(payloadsOf(delivered.filter((e) => e.stream === stream))).toEqual([1, 2, 3]);
        await waitFor(async () => {
          const rows = (await relayDb.execute(sql`SELECT count(*)::int AS n FROM outbox_jobs WHERE payload->'userIds' @> ${JSON.stringify([marker])}::jsonb AND done_at IS NOT NULL`)) as unknown as { rows: Array<{ n: number }> };
          return rows.rows[0]!.n === 1;
        }, 5_000, 'the job to be marked done');
        expect(ran.filter((id) => id === marker)).toHaveLength(1);
      } finally {
        await relay.close();
        await queue.close();
      }
    });
  });
});
