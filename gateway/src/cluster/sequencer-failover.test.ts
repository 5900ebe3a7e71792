/**
 * The process that sequences the outbox stops (SIGSTOP: a long GC pause, a frozen VM, a partition)
 * while three gateway processes share PostgreSQL: another takes the role over once its lease runs
 * out, and an offer made meanwhile reaches the other player's socket on another gateway within 5 s.
 * Resumed (SIGCONT), the stopped process finds it lost the role and sequences nothing: every socket,
 * the resumed gateway's too, gets each event of the player's stream once and in order, and one
 * process holds the role. On a database of the test's own, where only these processes take the lease.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userStream } from '@pog/common';
import { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { clusterEnv } from '../testing/cluster-env';
import { privatePostgresDatabase, uniqueName, type PrivateDatabase } from '../testing/databases';
import { TEST_PASSWORD } from '../testing/factories';
import { spawnService, type SpawnedService } from '../testing/processes';
import { parsePrometheusText } from '../testing/prometheus-text';
import { connectSocket, type TestSocket } from '../testing/sockets';
import { waitFor } from '../testing/wait';
import type { TradeId } from '@pog/common/schemas/ids';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

interface Received {
  name: string;
  tradeId: TradeId | undefined;
  position: number;
}

/** Every event of `stream` the socket receives, with its position, in arrival order. */
function recordStream(socket: TestSocket, stream: string): Received[] {
  const seen: Received[] = [];
  socket.onAny((name: string, payload: unknown, meta?: { stream?: string; position?: number }) => {
    if (meta?.stream !== stream || meta.position === undefined) return;
    seen.push({ name, tradeId: name.startsWith('trade:') ? (payload as { id: TradeId }).id : undefined, position: meta.position });
  });
  return seen;
}

const relayOf = async (service: SpawnedService) => ((await (await fetch(`${service.url}/healthz`)).json()) as { relay: { sequencer: boolean } }).relay;
const holderGauge = async (service: SpawnedService) =>
  parsePrometheusText(await (await fetch(`${service.url}/metrics`)).text()).get('pog_outbox_sequencer_holder')?.samples[0]?.value;

describe.skipIf(!databaseUrl)(`the outbox sequencer's process stopped${databaseUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, () => {
  let own: PrivateDatabase;
  const gateways: SpawnedService[] = [];
  /** A process this test stopped, to be continued whatever happens. */
  let stopped: SpawnedService | undefined;

  beforeAll(async () => {
    own = await privatePostgresDatabase();
    const env = clusterEnv(own.url, 'sequencer-failover');
    // With Redis, gateways alone (jobs wait in BullMQ); without, each process runs its own jobs.
    const SERVICES = redisUrl ? 'gateway' : 'gateway,worker';
    gateways.push(...(await Promise.all([1, 2, 3].map(() => spawnService({ ...env, SERVICES })))));
    await Promise.all(gateways.map((gateway) => gateway.ready()));
  }, 120_000);

  afterAll(async () => {
    if (stopped) process.kill(stopped.child.pid!, 'SIGCONT');
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await own?.close();
  });

  it('hands the role over within 5 s, and the resumed process sequences nothing twice', async () => {
    const holders = await waitFor(async () => {
      const states = await Promise.all(gateways.map(relayOf));
      const found = gateways.filter((_, i) => states[i]!.sequencer);
      return found.length === 1 ? found : undefined;
    }, 20_000, 'one gateway to sequence');
    const holder = holders[0]!;
    const [first, second] = gateways.filter((gateway) => gateway !== holder) as [SpawnedService, SpawnedService];

    // Alice uses one of the others; Bob has a socket there and one on the holder.
    const alice = new ApiClient(first.url);
    const bob = new ApiClient(second.url);
    const [a, b] = [await alice.register(uniqueName('alice'), TEST_PASSWORD), await bob.register(uniqueName('bob'), TEST_PASSWORD)];
    const [alicePog, bobPog] = [await givePog(own.db, a.id), await givePog(own.db, b.id)];
    const stream = userStream(b.id);
    const onOther = await connectSocket(second.url, bob);
    const onHolder = await connectSocket(holder.url, bob);
    const seenOnOther = recordStream(onOther, stream);
    const seenOnHolder = recordStream(onHolder, stream);
    const offer = async () => {
      const sent = await alice.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: alicePog, requestPogId: bobPog });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      return (sent.body as { id: number }).id;
    };
    const cancel = async (id: number) => {
      const cancelled = await alice.post(`/api/trades/${id}/cancel`, { userId: a.id });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    };
    const arrived = (seen: Received[], name: string, id: number) => seen.some((event) => event.name === name && event.tradeId === id);

    try {
      const before = await offer();
      await waitFor(() => arrived(seenOnOther, 'trade:created', before) && arrived(seenOnHolder, 'trade:created', before), 10_000, 'the first offer on both sockets');
      await cancel(before);

      process.kill(holder.child.pid!, 'SIGSTOP');
      stopped = holder;
      const during = await offer();
      const offered = performance.now();
      await waitFor(() => arrived(seenOnOther, 'trade:created', during), 5_000, 'the offer made while the sequencer is stopped, on another gateway');
      expect(performance.now() - offered).toBeLessThan(5_000);
      // One of the running gateways holds the role now.
      const running = await Promise.all([first, second].map(relayOf));
      expect(running.filter((relay) => relay.sequencer)).toHaveLength(1);
      await cancel(during);
      const alsoDuring = await offer();
      await waitFor(() => arrived(seenOnOther, 'trade:created', alsoDuring), 5_000, 'a second offer while the sequencer is stopped');

      process.kill(holder.child.pid!, 'SIGCONT');
      stopped = undefined;
      await waitFor(() => holder.stdout().includes('no longer the sequencer'), 10_000, 'the resumed process to find it lost the role');
      await cancel(alsoDuring);
      const after = await offer();
      await waitFor(() => arrived(seenOnOther, 'trade:created', after) && arrived(seenOnHolder, 'trade:created', after), 10_000, 'the last offer on both sockets');

      // One holder, and it says so in its metrics; the resumed process does not.
      const states = await Promise.all(gateways.map(relayOf));
      expect(states.filter((relay) => relay.sequencer)).toHaveLength(1);
      expect(states[gateways.indexOf(holder)]!.sequencer).toBe(false);
      expect(await Promise.all(gateways.map(holderGauge))).toEqual(states.map((relay) => (relay.sequencer ? 1 : 0)));

      // Each socket got Bob's stream once and in order, what was sequenced while the holder was stopped included.
      const trades = [
        ['trade:created', before], ['trade:updated', before],
        ['trade:created', during], ['trade:updated', during],
        ['trade:created', alsoDuring], ['trade:updated', alsoDuring],
        ['trade:created', after],
      ];
      for (const seen of [seenOnOther, seenOnHolder]) {
        const positions = seen.map((event) => event.position);
        expect(positions).toEqual(positions.map((_, i) => positions[0]! + i));
        expect(seen.filter((event) => event.tradeId !== undefined).map((event) => [event.name, event.tradeId])).toEqual(trades);
      }
      // In the outbox: every event of the stream sequenced once, positions and seqs in the same order.
      const rows = ((await own.db.execute(sql`SELECT position, seq FROM outbox_events WHERE stream = ${stream} ORDER BY position`)) as unknown as {
        rows: Array<{ position: string; seq: string }>;
      }).rows.map((row) => [Number(row.position), Number(row.seq)]);
      expect(rows.map(([position]) => position)).toEqual(rows.map((_, i) => i + 1));
      expect(rows.map(([, seq]) => seq)).toEqual(rows.map(([, seq]) => seq!).sort((x, y) => x - y));
    } finally {
      if (stopped) process.kill(stopped.child.pid!, 'SIGCONT');
      stopped = undefined;
      onOther.close();
      onHolder.close();
    }
  }, 120_000);
});
