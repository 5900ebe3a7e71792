/**
 * PostgreSQL's connections ended under traffic (a failover, a restart, pg_terminate_backend), in an
 * app and in real gateway and worker processes: each request caught by it answers a 503 (or
 * succeeds), no process dies, and the next requests work. Each test ends only the connections of a
 * database of its own.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@pog/domain/db';
import { ApiClient } from '../../gateway/src/testing/api-client';
import { clusterEnv } from '../../gateway/src/testing/cluster-env';
import { TEST_PASSWORD } from '../../gateway/src/testing/factories';
import { cutUnderTraffic, succeeded, trafficPlayers, trafficRound, unexpected, type Answer, type TrafficPlayer } from '../../gateway/src/testing/connection-loss';
import { privatePostgresDatabase, type PrivateDatabase } from '../../gateway/src/testing/databases';
import { spawnService, type SpawnedService } from '../../gateway/src/testing/processes';
import { startTestApp, type TestApp } from '../../gateway/src/testing/test-app';
import { waitFor } from '../../gateway/src/testing/wait';
import type { UserId } from '@pog/common/schemas/ids';

const postgres = process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL';
const redisUrl = process.env.TEST_REDIS_URL;

/** After the cuts, a round soon succeeds in full, and so does the one after it, whose answers it returns. */
async function worksAgain(url: string, players: TrafficPlayer[]): Promise<Answer[]> {
  await waitFor(async () => (await trafficRound(url, players)).every(succeeded), 20_000, `a round of traffic on ${url} to succeed in full`);
  const next = await trafficRound(url, players);
  expect(next.filter((answer) => !succeeded(answer))).toEqual([]);
  return next;
}

/** The end of a process's output, to show why it stopped. */
const lastLines = (service: SpawnedService) => service.output().split('\n').slice(-15).join('\n');

/** The players whose registration was answered 201. */
const registered = (answers: Answer[]) => answers.filter((a) => a.what === 'register' && a.status === 201).map((a) => (a.body as { id: UserId }).id);

describe.skipIf(Boolean(postgres))(`PostgreSQL connections ended under traffic${postgres ? ` [${postgres}]` : ''}`, () => {
  describe('one app', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ backend: 'postgres', ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });

    // An uncaught error here (an 'error' event nobody hears) fails the run: in a process it would end it.
    it('answers each request a success or a 503, and the next requests work', async () => {
      const players = await trafficPlayers(app.url, app.runtime.db, 4);
      const { answers, ended } = await cutUnderTraffic([{ url: app.url, players }], () => app.ownDatabase!.dropConnections());
      expect(ended).toBeGreaterThan(0);
      expect(unexpected(answers)).toEqual([]);
      await worksAgain(app.url, players);
    });

    it('a sign-in whose session write is cut answers 503 and stores no session; the next one signs in', async () => {
      const own = app.ownDatabase!;
      const [player] = await trafficPlayers(app.url, app.runtime.db, 1);
      const sessionsOf = async () => (await own.db.select().from(tables.sessions).where(eq(tables.sessions.userId, player!.id))).length;
      const before = await sessionsOf();
      // The sign-in's session writes wait behind a lock on the table until the cut ends their connection.
      let locked!: () => void;
      let cut!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const afterCut = new Promise<void>((resolve) => (cut = resolve));
      const locker = own.db
        .transaction(async (tx) => {
          await tx.execute(sql`LOCK TABLE sessions IN SHARE ROW EXCLUSIVE MODE`);
          locked();
          await afterCut;
        })
        .catch(() => undefined);
      await lockTaken;
      const signIn = () => new ApiClient(app.url).post('/api/login', { username: player!.username, password: TEST_PASSWORD });
      const cutOff = signIn();
      try {
        await waitFor(
          async () => {
            const waiting = await own.db.execute(sql`SELECT 1 FROM pg_stat_activity WHERE datname = ${own.name} AND wait_event_type = 'Lock' AND query LIKE '%"sessions"%'`);
            return (waiting as unknown as { rows: unknown[] }).rows.length > 0;
          },
          10_000,
          'a session write to wait for the lock',
        );
        await own.dropConnections();
      } finally {
        cut();
        await locker;
      }
      const answer = await cutOff;
      expect({ status: answer.status, code: (answer.body as { code?: string }).code }).toEqual({ status: 503, code: 'SERVER_ERROR' });
      expect(answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('pf.sid='))).toEqual([]);
      expect(await sessionsOf()).toBe(before);

      expect((await signIn()).status).toBe(200);
      expect(await sessionsOf()).toBe(before + 1);
    });
  });

  describe(`gateway and worker processes${redisUrl ? ' (two gateways and a worker, on BullMQ)' : ' (one process, in-process jobs)'}`, () => {
    let own: PrivateDatabase;
    const processes: SpawnedService[] = [];

    beforeAll(async () => {
      own = await privatePostgresDatabase();
      const env = clusterEnv(own.url, 'connection-loss');
      const services = redisUrl ? ['gateway', 'gateway', 'worker'] : ['gateway,worker'];
      processes.push(...(await Promise.all(services.map((SERVICES) => spawnService({ ...env, SERVICES })))));
      await Promise.all(processes.map((service) => service.ready()));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((service) => service.stop()));
      await own?.close();
    });

    it('keep running and answering: each request a success or a 503, the next ones work, jobs still run', async () => {
      const gateways = processes.filter((_, i) => !redisUrl || i < 2);
      const traffic = [];
      for (const gateway of gateways) traffic.push({ url: gateway.url, players: await trafficPlayers(gateway.url, own.db, 3) });
      const { answers, ended } = await cutUnderTraffic(traffic, () => own.dropConnections());
      expect(ended).toBeGreaterThan(0);
      for (const service of processes) expect(service.child.exitCode, lastLines(service)).toBeNull();
      expect(unexpected(answers)).toEqual([]);

      for (const service of processes) {
        await waitFor(async () => (await fetch(`${service.url}/readyz`)).status === 200, 20_000, 'the process to be ready again');
      }
      const after: Answer[] = [];
      for (const { url, players } of traffic) after.push(...(await worksAgain(url, players)));

      // Every process listens again, and one of them sequences the outbox.
      await waitFor(async () => {
        const states = await Promise.all(processes.map(async (service) => ((await (await fetch(`${service.url}/healthz`)).json()) as { relay: { sequencer: boolean; listening: boolean } }).relay));
        return states.every((relay) => relay.listening) && states.filter((relay) => relay.sequencer).length === 1;
      }, 45_000, 'every relay to listen again, one of them the sequencer');

      // The welcome job of every registration answered 201, during the cuts and after them, ran.
      const players = registered([...answers, ...after]);
      expect(players.length).toBeGreaterThanOrEqual(traffic.length);
      await waitFor(async () => {
        const welcomed = await own.db
          .select({ userId: tables.notifications.userId })
          .from(tables.notifications)
          .where(and(inArray(tables.notifications.userId, players), eq(tables.notifications.kind, 'welcome')));
        return welcomed.length === players.length;
      }, 30_000, 'every registered player to be welcomed');

      for (const service of processes) expect(service.child.exitCode, lastLines(service)).toBeNull();
    }, 120_000);
  });
});
