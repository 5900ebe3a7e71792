/**
 * The outbox relay's own connection (LISTEN, and the sequencer's session advisory lock) ended, as a
 * failover or a restart would: each relay listens again, one of them sequences, and a gateway's
 * sink gets every event once and in order, those committed while nobody listened included. On a
 * database of this file's own, whose connections only it ends.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { testNotification } from '@pog/domain/testing/notifications';
import { inUnitOfWork, markJobDone, OutboxRelay, type SequencedEvent } from '@pog/domain/outbox';
import { silentLogger } from '@pog/domain/logging';
import { createInProcessQueue } from '@pog/worker';
import { privatePostgresDatabase, type PrivateDatabase } from '../../gateway/src/testing/databases';
import { waitFor } from '../../gateway/src/testing/wait';
import { asUserId } from '@pog/common/schemas/ids';

const postgres = process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL';

describe.skipIf(Boolean(postgres))(`the outbox relay's listener connection ended${postgres ? ` [${postgres}]` : ''}`, () => {
  let own: PrivateDatabase;
  beforeAll(async () => {
    own = await privatePostgresDatabase();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('listens again, one relay sequences, and a live event still arrives, each once and in order', async () => {
    const queue = createInProcessQueue({ processors: {}, outboxJobFinished: (id) => markJobDone(own.db, id) });
    // No safety-net poll: after the cut, events reach the sink only if the relays listen again.
    const relay = (deliver?: (events: SequencedEvent[]) => void) =>
      new OutboxRelay({ database: own, db: own.handle(), queue, log: silentLogger, retentionMs: 3_600_000, pollMs: 3_600_000, ...(deliver ? { deliver } : {}) });
    const delivered: SequencedEvent[] = [];
    const sequencer = relay();
    await sequencer.start();
    const gateway = relay((events) => delivered.push(...events));
    await gateway.start();
    // Commits on a handle of no relay's: the relays hear of them only through their notifications.
    const writer = own.handle();
    // A stream of this test's own (no such player exists), so no other events mix in.
    const player = asUserId(randomInt(1_000_000_000, 2_000_000_000));
    const stream = userStream(player);
    const write = (n: number) => inUnitOfWork(writer, new Date(), async (uow) => uow.toUser(player, 'notification', testNotification(0, n)));
    const received = () => delivered.filter((event) => event.stream === stream).map((event) => (event.payload as { id: number }).id);
    try {
      expect([sequencer.status(), gateway.status()]).toEqual([
        { sequencer: true, listening: true },
        { sequencer: false, listening: true },
      ]);
      await write(1);
      await waitFor(() => received().length === 1, 10_000, 'the first event');

      expect(await own.dropConnections()).toBeGreaterThan(0);
      // Committed while the relays are still without their connection.
      await write(2);
      await waitFor(
        () => {
          const states = [sequencer.status(), gateway.status()];
          return states.every((state) => state.listening) && states.filter((state) => state.sequencer).length === 1;
        },
        15_000,
        'both relays to listen again, one of them the sequencer',
      );
      await write(3);
      await waitFor(() => received().length >= 3, 15_000, 'the events after the cut');
      expect(received()).toEqual([1, 2, 3]);
      const seqs = delivered.map((event) => event.seq);
      expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    } finally {
      await gateway.close();
      await sequencer.close();
      await queue.close();
    }
  });

  it('listens again after cuts that also end the connections it reopens, as a failover can', async () => {
    const queue = createInProcessQueue({ processors: {}, outboxJobFinished: (id) => markJobDone(own.db, id) });
    const relays = [1, 2, 3].map(() => new OutboxRelay({ database: own, db: own.handle(), queue, log: silentLogger, retentionMs: 3_600_000, pollMs: 3_600_000 }));
    await Promise.all(relays.map((relay) => relay.start()));
    try {
      // Cut after cut, 20 to 300 ms apart: some land while a relay reopens its listener and takes
      // or renews the lease on it.
      const until = Date.now() + 6_000;
      while (Date.now() < until) {
        await own.dropConnections();
        await new Promise((resolve) => setTimeout(resolve, randomInt(20, 300)));
      }
      await waitFor(
        () => {
          const states = relays.map((relay) => relay.status());
          return states.every((state) => state.listening) && states.filter((state) => state.sequencer).length === 1;
        },
        20_000,
        'every relay to listen again, one of them the sequencer',
      );
    } finally {
      await Promise.all(relays.map((relay) => relay.close()));
      await queue.close();
    }
  });
});
