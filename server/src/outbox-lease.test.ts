/**
 * The sequencer's lease on PostgreSQL (migrations/0017): one holder at a time, taken over once it runs
 * out (by the database's clock), and sequencing steps fenced by it: a holder whose lease ran out
 * sequences nothing, and a taking waits for a step that passed the fence, so no step of an earlier
 * holder commits after the lease changed hands. Then the metrics that show who holds it and what
 * waits for it. On a database of this file's own, where no other process takes the lease.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { testNotification } from '@pog/domain/testing/notifications';
import { createMetricsRegistry, registerOutboxMetrics } from '@pog/domain/metrics';
import {
  inUnitOfWork, LEASE_NOT_HELD, markJobDone, OutboxRelay, releaseLease, renewLease, sequenceEvents, streamHead, takeLease, type LeaseQuery,
} from '@pog/domain/outbox';
import { silentLogger } from '@pog/domain/logging';
import { type DatabaseListener } from '@pog/domain/db';
import { createInProcessQueue } from '@pog/worker';
import { privatePostgresDatabase, type PrivateDatabase } from '../../gateway/src/testing/databases';
import { parsePrometheusText } from '../../gateway/src/testing/prometheus-text';
import { waitFor } from '../../gateway/src/testing/wait';
import { asUserId } from '@pog/common/schemas/ids';

const postgres = process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL';

type Rows<T> = { rows: T[] };

describe.skipIf(Boolean(postgres))(`the outbox sequencer's lease${postgres ? ` [${postgres}]` : ''}`, () => {
  let own: PrivateDatabase;
  let connections: DatabaseListener[];
  /** Two would-be holders, each on a connection of its own, as relays keep it. */
  let first: LeaseQuery;
  let second: LeaseQuery;
  beforeAll(async () => {
    own = await privatePostgresDatabase();
    connections = await Promise.all([own.connectListener(() => undefined), own.connectListener(() => undefined)]);
    const queryOn = (connection: DatabaseListener): LeaseQuery => (text, values) => connection.query(text, values);
    first = queryOn(connections[0]!);
    second = queryOn(connections[1]!);
  });
  afterAll(async () => {
    for (const connection of connections ?? []) await connection.close();
    await own?.close();
  });

  // A stream of the test's own (no such player exists).
  const player = asUserId(randomInt(1_000_000_000, 2_000_000_000));
  const stream = userStream(player);
  let numbered = 0;
  const write = () => inUnitOfWork(own.db, new Date(), async (uow) => uow.toUser(player, 'notification', testNotification(0, ++numbered)));
  const unsequenced = async () => ((await own.db.execute(sql`SELECT count(*)::int AS n FROM outbox_events WHERE seq IS NULL`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
  /** Takes the lease as soon as it is free (a previous test's holder may still hold it for a while). */
  const takeWhenFree = (query: LeaseQuery, holder: string, leaseMs: number) => waitFor(() => takeLease(query, holder, leaseMs), 10_000, `${holder} to take the lease`);

  it('has one holder at a time; once its lease ran out another takes it, and the earlier holder can sequence nothing', async () => {
    const epoch = await takeWhenFree(first, 'holder-a', 500);
    expect(await takeLease(second, 'holder-b', 500)).toBeUndefined();
    expect(await renewLease(first, { holder: 'holder-a', epoch }, 500)).toBe(true);

    await write();
    expect(await sequenceEvents(own.db, 1000, { lease: { holder: 'holder-a', epoch } })).toEqual({ sequenced: 1 });
    // Nobody else's term sequences: neither another holder's nor an older epoch of the same holder.
    await write();
    for (const term of [{ holder: 'holder-b', epoch }, { holder: 'holder-a', epoch: epoch - 1 }]) {
      await expect(sequenceEvents(own.db, 1000, { lease: term })).rejects.toMatchObject({ code: LEASE_NOT_HELD });
    }
    expect(await unsequenced()).toBe(1);

    // A stops renewing (stopped, cut off): its lease runs out and B takes it, with the next epoch.
    const taken = await takeWhenFree(second, 'holder-b', 10_000);
    expect(taken).toBe(epoch + 1);
    // A wakes up: its step is refused and sequences nothing; it cannot renew; releasing ends nothing of B's.
    await expect(sequenceEvents(own.db, 1000, { rows: true, lease: { holder: 'holder-a', epoch } })).rejects.toMatchObject({ code: LEASE_NOT_HELD });
    expect(await unsequenced()).toBe(1);
    expect(await renewLease(first, { holder: 'holder-a', epoch }, 10_000)).toBe(false);
    await releaseLease(first, { holder: 'holder-a', epoch });
    expect(await takeLease(first, 'holder-a', 500)).toBeUndefined();

    const step = await sequenceEvents(own.db, 1000, { rows: true, lease: { holder: 'holder-b', epoch: taken } });
    expect(step.events!.map((event) => [event.stream, event.position])).toEqual([[stream, 2]]);
    expect(await unsequenced()).toBe(0);
    await releaseLease(second, { holder: 'holder-b', epoch: taken });
  });

  it('makes a taking wait for a step that passed the fence: the step commits first, and the next one is refused', async () => {
    const epoch = await takeWhenFree(first, 'holder-a', 300);
    await write();
    let passed!: () => void;
    let commit!: () => void;
    const fenced = new Promise<void>((resolve) => (passed = resolve));
    const stalled = new Promise<void>((resolve) => (commit = resolve));
    // The holder's step passes the fence, then stalls before its commit while its lease runs out.
    const step = own.db.transaction(async (tx) => {
      expect(await sequenceEvents(tx, 1000, { lease: { holder: 'holder-a', epoch } })).toEqual({ sequenced: 1 });
      passed();
      await stalled;
    });
    let taking: Promise<number | undefined> | undefined;
    try {
      await fenced;
      await waitFor(
        async () => ((await own.db.execute(sql`SELECT expires_at <= clock_timestamp() AS over FROM outbox_sequencer`)) as unknown as Rows<{ over: boolean }>).rows[0]!.over,
        10_000,
        'the lease to run out',
      );
      let settled = false;
      taking = takeLease(second, 'holder-b', 10_000).finally(() => (settled = true));
      await waitFor(
        async () =>
          ((await own.db.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${own.name} AND wait_event_type = 'Lock' AND query LIKE 'UPDATE outbox_sequencer%'`,
          )) as unknown as Rows<{ n: number }>).rows[0]!.n === 1,
        10_000,
        'the taking to wait for the step',
      );
      expect(settled).toBe(false);
    } finally {
      commit();
      await step;
    }
    expect(await taking).toBe(epoch + 1);
    expect(await streamHead(own.db, stream)).toBe(3);
    await write();
    await expect(sequenceEvents(own.db, 1000, { lease: { holder: 'holder-a', epoch } })).rejects.toMatchObject({ code: LEASE_NOT_HELD });
    expect(await unsequenced()).toBe(1);
    expect(await sequenceEvents(own.db, 1000, { lease: { holder: 'holder-b', epoch: epoch + 1 } })).toEqual({ sequenced: 1 });
    await releaseLease(second, { holder: 'holder-b', epoch: epoch + 1 });
  });

  it('shows what waits for the sequencer, how long, and which process holds the lease', async () => {
    const queue = createInProcessQueue({ processors: {}, outboxJobFinished: (id) => markJobDone(own.db, id) });
    const relay = new OutboxRelay({ database: own, db: own.handle(), queue, log: silentLogger, retentionMs: 3_600_000 });
    const registry = createMetricsRegistry();
    registerOutboxMetrics(registry, relay, own.db);
    const value = async (name: string) => parsePrometheusText(`${await registry.getSingleMetricAsString(name)}\n`).get(name)!.samples[0]!.value;
    const scrape = async () => ({
      holder: await value('pog_outbox_sequencer_holder'),
      waiting: await value('pog_outbox_unsequenced_events'),
      oldest: await value('pog_outbox_oldest_unsequenced_seconds'),
      epoch: await value('pog_outbox_sequencer_epoch'),
    });
    const epochNow = async () => Number(((await own.db.execute(sql`SELECT epoch FROM outbox_sequencer`)) as unknown as Rows<{ epoch: string }>).rows[0]!.epoch);
    try {
      // Nobody sequences: the events wait, and the oldest one's wait grows.
      await write();
      await write();
      const idle = await waitFor(async () => {
        const seen = await scrape();
        return seen.oldest >= 0.2 ? seen : undefined;
      }, 10_000, 'the oldest event to have waited');
      expect(idle).toEqual({ holder: 0, waiting: 2, oldest: expect.any(Number), epoch: await epochNow() });

      await relay.start();
      expect(relay.status().sequencer).toBe(true);
      await waitFor(async () => (await scrape()).waiting === 0, 10_000, 'the relay to sequence them');
      expect(await scrape()).toEqual({ holder: 1, waiting: 0, oldest: 0, epoch: idle.epoch + 1 });
    } finally {
      await relay.close();
      await queue.close();
    }
    // A relay that stops hands the lease on at once: the next taker need not wait for it to run out.
    expect((await scrape()).holder).toBe(0);
    const released = await epochNow();
    expect(await takeLease(first, 'holder-a', 500)).toBe(released + 1);
  });
});
