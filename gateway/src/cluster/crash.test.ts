/**
 * Processes dying with kill -9 while events and jobs are being relayed (two gateways and two workers
 * on PostgreSQL and Redis): a gateway and a worker are killed in the middle of a stream of trades and
 * creations. The players' pages move to the surviving gateway and resume where they were; every
 * committed change reaches them at least once and is applied once; every POG is scored once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { openDatabase, tables, type Database } from '@pog/domain/db';
import { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { uniqueName } from '../testing/databases';
import { LiveClient } from '../testing/live-client';
import { pogDesign } from '../testing/players';
import { startService, type ServiceProcess } from '../testing/processes';
import { waitFor } from '../testing/wait';
import type { PogId, UserId } from '@pog/common/schemas/ids';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');

interface Player {
  id: UserId;
  /** Requests go to the player's gateway while it lives, then to the survivor. */
  clients: ApiClient[];
  live: LiveClient;
}

describe.skipIf(Boolean(missing))(`kill -9 while relaying${missing ? ` [needs ${missing}]` : ''}`, () => {
  let database: Database;
  const processes: ServiceProcess[] = [];
  const players: Player[] = [];

  beforeAll(async () => {
    database = await openDatabase({ url: databaseUrl!, poolSize: 4 });
    const env = {
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-crash-${process.pid}-${Date.now()}`,
      SESSION_SECRET: 'crash-test-secret-0123456789',
      ADMIN_PASSWORD: 'crash-admin-password',
    };
    processes.push(
      ...(await Promise.all([
        startService({ ...env, SERVICES: 'gateway' }),
        startService({ ...env, SERVICES: 'gateway' }),
        startService({ ...env, SERVICES: 'worker' }),
        startService({ ...env, SERVICES: 'worker' }),
      ])),
    );
  }, 120_000);

  afterAll(async () => {
    for (const p of players) p.live.close();
    await Promise.all(processes.map((p) => p.stop()));
    await database?.close();
  });

  it('delivers every committed change at least once and applies it once, across a killed gateway and worker', async () => {
    const [doomed, survivor, doomedWorker] = processes;
    for (let i = 0; i < 12; i++) {
      // Two of every three players start on the gateway that will be killed.
      const home = i % 3 === 2 ? survivor! : doomed!;
      const client = new ApiClient(home.url);
      const user = await client.register(uniqueName('crash'));
      const fallback = new ApiClient(survivor!.url);
      Object.assign(fallback, { cookies: new Map((client as unknown as { cookies: Map<string, string> }).cookies) });
      const position = (await client.get('/api/user')).body.streamPosition as number;
      const live = new LiveClient([home.url, survivor!.url], client, { stream: userStream(user.id), position });
      await live.connect();
      players.push({ id: user.id, clients: [client, fallback], live });
    }
    const db = database.db;
    const pogsOf = new Map<number, PogId[]>();
    for (const p of players) pogsOf.set(p.id, [await givePog(db, p.id), await givePog(db, p.id), await givePog(db, p.id), await givePog(db, p.id)]);

    /** A request through the player's gateway, or the survivor once it is gone; a cut connection counts as "unknown". */
    const send = async (p: Player, method: 'post' | 'patch', path: string, body: unknown) => {
      for (const client of p.clients) {
        try {
          return await client[method](path, body);
        } catch {
          // The gateway died under this request: whether it committed, the database will tell.
        }
      }
      return undefined;
    };

    const pairs = Array.from({ length: 6 }, (_, i) => [players[2 * i]!, players[2 * i + 1]!] as const);
    const STREAM_MS = 6_000;
    const at = (ms: number, task: () => Promise<unknown>) => new Promise<void>((resolve, reject) => setTimeout(() => task().then(() => resolve(), reject), ms));
    const tasks: Array<Promise<void>> = [];
    pairs.forEach(([a, b], i) => {
      for (let k = 0; k < 4; k++) {
        tasks.push(
          at(Math.round((STREAM_MS * (i * 4 + k + 0.5)) / 24), async () => {
            const offer = await send(a, 'post', '/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: pogsOf.get(a.id)![k], requestPogId: pogsOf.get(b.id)![k] });
            if (offer?.status !== 201 || k % 2) return;
            await send(b, 'patch', `/api/trades/${offer.body.id}/status`, { status: 'accepted' });
          }),
        );
      }
      [a, b].forEach((p, j) => tasks.push(at(Math.round((STREAM_MS * (i * 2 + j + 0.5)) / 12), () => send(p, 'post', '/api/pogs', pogDesign(p.id, { name: `Crash ${i}-${j}` })))));
    });
    const kills = at(2_000, async () => {
      doomed!.child.kill('SIGKILL');
      doomedWorker!.child.kill('SIGKILL');
    });
    await Promise.all([...tasks, kills]);

    // The database says what committed; the pages must have seen all of it.
    const ids = players.map((p) => p.id);
    const trades = await db.select().from(tables.trades).where(inArray(tables.trades.fromUserId, ids));
    expect(trades.length).toBeGreaterThan(0);
    const byId = new Map(players.map((p) => [p.id, p]));
    const saw = (p: Player, event: string, test: (payload: { id: number; status: string }) => boolean) => (p.live.payloads(event) as Array<{ id: number; status: string }>).some(test);
    await waitFor(
      () =>
        trades.every((t) => {
          const [from, to] = [byId.get(t.fromUserId)!, byId.get(t.toUserId)!];
          const offered = [from, to].every((p) => saw(p, 'trade:created', (x) => x.id === t.id));
          const answered = t.status !== 'accepted' || [from, to].every((p) => saw(p, 'trade:updated', (x) => x.id === t.id && x.status === 'accepted'));
          return offered && answered;
        }),
      30_000,
      'every committed trade on both pages',
    );
    // Applied once: each page applied every position of its stream exactly once, in order, and the
    // pages that lived on the killed gateway moved to the survivor.
    for (const p of players) {
      const positions = p.live.applied.filter((e) => e.meta.stream === userStream(p.id)).map((e) => e.meta.position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(new Set(positions).size).toBe(positions.length);
      expect(p.live.connected).toBe(true);
    }
    expect(players.filter((p) => p.live.connections > 1).length).toBeGreaterThan(0);

    // Every POG designed got scored, once, although a worker died and jobs were in flight.
    const created = await db.select({ id: tables.pogs.id }).from(tables.pogs).where(and(inArray(tables.pogs.creatorId, ids), sql`${tables.pogs.name} LIKE 'Crash %'`));
    expect(created.length).toBeGreaterThan(0);
    await waitFor(
      async () => {
        const rows = await db.select({ scored: tables.pogs.scoredVersion }).from(tables.pogs).where(inArray(tables.pogs.id, created.map((c) => c.id)));
        return rows.every((r) => r.scored === 1);
      },
      90_000,
      'every POG to be scored',
    );
    const scoredNotes = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tables.notifications)
      .where(and(inArray(tables.notifications.userId, ids), eq(tables.notifications.kind, 'pog.scored')));
    expect(scoredNotes[0]!.n).toBe(created.length);
  }, 180_000);
});
