/**
 * A Redis outage in the distributed shape (two gateways and a worker on PostgreSQL, with a Redis of
 * this test's own): during a stream of creations, trade offers and accepts and battle completions,
 * Redis is killed and started again empty. No request may take over 2 s or answer a 5xx; every
 * committed change's events must reach the players' open sockets; every POG must be scored.
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { openDatabase, type Database } from '@pog/domain/db';
import { QUEUE_NAME } from '@pog/domain/jobs';
import { ApiClient, type ApiResponse } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { uniqueName } from '../testing/databases';
import { LiveClient } from '../testing/live-client';
import { pogDesign } from '../testing/players';
import { startService, type ServiceProcess } from '../testing/processes';
import { startOwnRedis, type OwnRedis } from '../testing/redis-server';
import { waitFor } from '../testing/wait';

const databaseUrl = process.env.TEST_DATABASE_URL;

interface Player {
  id: number;
  client: ApiClient;
  live: LiveClient;
}

interface Outcome {
  what: string;
  status: number;
  ms: number;
  body: unknown;
}

describe.skipIf(!databaseUrl)(`a Redis outage in the distributed shape${databaseUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, () => {
  let redis: OwnRedis;
  let database: Database;
  let prefix: string;
  const processes: ServiceProcess[] = [];
  const players: Player[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await openDatabase({ url: databaseUrl!, poolSize: 4 });
    prefix = `outage-${process.pid}-${Date.now()}`;
    const env = {
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'outage-test-secret-0123456789',
      ADMIN_PASSWORD: 'outage-admin-password',
    };
    processes.push(
      ...(await Promise.all([startService({ ...env, SERVICES: 'gateway' }), startService({ ...env, SERVICES: 'gateway' }), startService({ ...env, SERVICES: 'worker' })])),
    );
  }, 120_000);

  afterAll(async () => {
    for (const p of players) p.live.close();
    await Promise.all(processes.map((p) => p.stop()));
    await redis?.stop();
    await database?.close();
  });

  it('loses nothing, answers no 5xx, and keeps every request under 2 s while Redis is killed and restarted empty', async () => {
    const gateways = processes.slice(0, 2).map((p) => p.url);
    // Eight pairs: the first of each pair on one gateway, the second on the other.
    for (let i = 0; i < 16; i++) {
      const url = gateways[i % 2]!;
      const client = new ApiClient(url);
      const user = await client.register(uniqueName('out'));
      const position = (await client.get('/api/user')).body.streamPosition as number;
      const live = new LiveClient([url, gateways[(i + 1) % 2]!], client, { stream: userStream(user.id), position });
      await live.connect();
      players.push({ id: user.id, client, live });
    }
    const pairs = Array.from({ length: 8 }, (_, i) => [players[2 * i]!, players[2 * i + 1]!] as const);

    // Before the stream: POGs to trade (given directly) and one accepted battle per pair.
    const db = database.db;
    const battles: Array<{ id: number; pair: readonly [Player, Player] }> = [];
    const tradePogs = new Map<number, number[]>();
    for (const pair of pairs) {
      for (const p of pair) tradePogs.set(p.id, [await givePog(db, p.id), await givePog(db, p.id), await givePog(db, p.id)]);
      const [a, b] = pair;
      const [aPog, bPog] = [await givePog(db, a.id), await givePog(db, b.id)];
      const created = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await b.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: bPog })).status).toBe(200);
      battles.push({ id: created.body.id, pair });
    }

    const outcomes: Outcome[] = [];
    const timed = async (what: string, request: () => Promise<ApiResponse<any>>): Promise<ApiResponse<any>> => {
      const started = performance.now();
      const res = await request();
      outcomes.push({ what, status: res.status, ms: performance.now() - started, body: res.body });
      return res;
    };

    const offers: Array<{ id: number; from: Player; to: Player }> = [];
    const accepted: Array<{ id: number; from: Player; to: Player }> = [];
    const completed: Array<{ id: number; pair: readonly [Player, Player] }> = [];
    const created: Array<{ id: number; owner: Player }> = [];
    const at = (ms: number, task: () => Promise<void>) => new Promise<void>((resolve, reject) => setTimeout(() => task().then(resolve, reject), ms));
    const STREAM_MS = 9_000;
    const spread = (i: number, n: number) => Math.round((STREAM_MS * (i + 0.5)) / n);

    const tasks: Array<Promise<void>> = [];
    pairs.forEach(([a, b], i) => {
      // Trades: three offers from a to b, each accepted a little later.
      for (let k = 0; k < 3; k++) {
        tasks.push(
          at(spread(i * 3 + k, 24), async () => {
            const res = await timed('offer', () => a.client.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: tradePogs.get(a.id)![k], requestPogId: tradePogs.get(b.id)![k] }));
            if (res.status !== 201) return;
            offers.push({ id: res.body.id, from: a, to: b });
            await new Promise((r) => setTimeout(r, 300));
            const answer = await timed('accept', () => b.client.patch(`/api/trades/${res.body.id}/status`, { status: 'accepted' }));
            if (answer.status === 200) accepted.push({ id: res.body.id, from: a, to: b });
          }),
        );
      }
      // Each player designs one POG.
      [a, b].forEach((p, j) =>
        tasks.push(
          at(spread(i * 2 + j, 16), async () => {
            const res = await timed('create', () => p.client.post('/api/pogs', pogDesign(p.id, { name: `Outage ${i}-${j}` })));
            if (res.status === 201) created.push({ id: res.body.id, owner: p });
          }),
        ),
      );
      // The pair's battle is completed by one of them.
      tasks.push(
        at(spread(i, 8), async () => {
          const battle = battles[i]!;
          const res = await timed('complete', () => (i % 2 ? b : a).client.post(`/api/battles/${battle.id}/complete`));
          if (res.status === 200) completed.push(battle);
        }),
      );
    });

    // Redis dies two seconds in and comes back, empty, five seconds later.
    const outage = (async () => {
      await new Promise((r) => setTimeout(r, 2_000));
      await redis.stop('SIGKILL');
      await new Promise((r) => setTimeout(r, 5_000));
      await redis.start();
    })();
    await Promise.all([...tasks, outage]);

    // No 5xx, nothing slow, and every change went through.
    const failures = outcomes.filter((o) => o.status >= 500 || o.status === 0);
    expect(failures, JSON.stringify(failures)).toEqual([]);
    const slow = outcomes.filter((o) => o.ms > 2_000);
    expect(slow, JSON.stringify(slow)).toEqual([]);
    expect(offers).toHaveLength(24);
    expect(accepted).toHaveLength(24);
    expect(completed).toHaveLength(8);
    expect(created).toHaveLength(16);

    // Every committed change's events reached both players' open pages.
    const saw = (p: Player, event: string, test: (payload: { id: number; status: string }) => boolean) =>
      (p.live.payloads(event) as Array<{ id: number; status: string }>).some(test);
    await waitFor(
      () =>
        offers.every(({ id, from, to }) => saw(to, 'trade:created', (t) => t.id === id) && saw(from, 'trade:created', (t) => t.id === id)) &&
        accepted.every(({ id, from, to }) => [from, to].every((p) => saw(p, 'trade:updated', (t) => t.id === id && t.status === 'accepted'))) &&
        completed.every(({ id, pair }) => pair.every((p) => saw(p, 'battle:updated', (b) => b.id === id && b.status === 'completed'))),
      20_000,
      'every event on the open sockets',
    );
    // The sockets never dropped (Redis carries no event), and each applied every event once.
    for (const p of players) {
      const positions = p.live.applied.filter((e) => e.meta.stream === userStream(p.id)).map((e) => e.meta.position);
      expect(new Set(positions).size).toBe(positions.length);
    }

    // Every POG designed during the stream was scored, including those whose job Redis lost.
    await waitFor(
      async () => {
        for (const { id, owner } of created) {
          const res = await owner.client.get(`/api/pogs/${id}`);
          if (res.status !== 200 || res.body.pointsPending) return false;
        }
        return true;
      },
      30_000,
      'every POG to be scored',
    );

    // The periodic sweeps Redis forgot are registered again, and the worker says so.
    const worker = processes[2]!;
    await waitFor(() => worker.output().includes('periodic schedules were missing'), 30_000, 'the schedules to be restored');
    const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix });
    try {
      const schedulers = (await queue.getJobSchedulers()).map((s) => s.key);
      expect(schedulers).toEqual(expect.arrayContaining(['trades.expire', 'battles.sweep', 'sessions.purge']));
    } finally {
      await queue.close();
    }
  }, 120_000);
});
