/**
 * Readiness against a Redis that goes away and comes back: a gateway-only process (as deployed), a
 * gateway+worker process and a worker-only process, on PostgreSQL and on a Redis server of this test's own (never the shared one).
 * Then a worker's readiness after Redis restarts and its PostgreSQL database (one of this test's
 * own) ends every connection, in either order, while jobs keep coming.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import { privatePostgresDatabase, uniqueName, type PrivateDatabase } from '../testing/databases';
import { pogDesign, waitForScore } from '../testing/players';
import { startService, type ServiceProcess } from '../testing/processes';
import { parsePrometheusText } from '../testing/prometheus-text';
import { hasRedisServer, startOwnRedis, type OwnRedis } from '../testing/redis-server';
import { waitFor } from '../testing/wait';

const databaseUrl = process.env.TEST_DATABASE_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !hasRedisServer && 'redis-server'].filter(Boolean).join(' and ');

interface Readiness {
  status: number;
  down: string[];
}

async function readiness(service: ServiceProcess): Promise<Readiness> {
  const response = await fetch(`${service.url}/readyz`);
  const body = (await response.json()) as { down?: string[] };
  return { status: response.status, down: body.down ?? [] };
}

/** The log lines of a process (every stdout line must be JSON). */
function logLines(service: ServiceProcess): Array<Record<string, unknown>> {
  return service
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.skipIf(Boolean(missing))(`readiness and logs while Redis stops and starts${missing ? ` [needs ${missing}]` : ''}`, () => {
  let redis: OwnRedis | undefined;
  const services: ServiceProcess[] = [];
  let both: ServiceProcess;
  let gateway: ServiceProcess;
  let worker: ServiceProcess;

  beforeAll(async () => {
    redis = await startOwnRedis();
    const env = {
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `readiness-${process.pid}`,
      SESSION_SECRET: 'readiness-test-session-secret',
      ADMIN_PASSWORD: 'readiness-test-admin-password',
    };
    [both, gateway, worker] = await Promise.all([
      startService({ ...env, SERVICES: 'gateway,worker' }),
      startService({ ...env, SERVICES: 'gateway' }),
      startService({ ...env, SERVICES: 'worker' }),
    ]);
    services.push(both, gateway, worker);
  });

  afterAll(async () => {
    await Promise.all(services.map((service) => service.stop()));
    await redis?.stop();
  });

  it('a worker-only process serves /livez, /readyz and /metrics on its port, and nothing else', async () => {
    expect(await readiness(worker)).toEqual({ status: 200, down: [] });
    const live = await fetch(`${worker.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const metrics = await fetch(`${worker.url}/metrics`);
    expect(metrics.status).toBe(200);
    const families = parsePrometheusText(await metrics.text());
    for (const name of ['pog_queue_jobs', 'pog_job_duration_seconds', 'pog_jobs_restarted_total', 'pog_db_pool_connections', 'pog_outbox_open_jobs', 'process_cpu_seconds_total']) {
      expect(families.has(name), name).toBe(true);
    }
    // Its pool is PostgreSQL's: at most 10 connections.
    expect(families.get('pog_db_pool_max')!.samples[0]!.value).toBe(10);
    // No app and no sockets here.
    expect(families.has('http_request_duration_seconds')).toBe(false);
    expect((await fetch(`${worker.url}/api/pogs`)).status).toBe(404);
    expect((await fetch(`${worker.url}/socket.io/?EIO=4&transport=polling`)).status).toBe(404);
  });

  it('keeps a gateway ready but degraded while its Redis is away, a worker-only process not ready; all ready again when it is back', async () => {
    for (const service of services) expect(await readiness(service)).toEqual({ status: 200, down: [] });
    const linesBefore = services.map((service) => logLines(service).length);

    await redis!.stop('SIGTERM');
    // A worker-only process takes its jobs through Redis: not ready, naming it.
    const notReady = await waitFor(async () => {
      const now = await readiness(worker);
      return now.status === 503 && now.down.includes('redis') ? now : undefined;
    }, 20_000, 'the worker\'s readiness to name redis');
    expect(notReady.down).not.toContain('database');
    // A gateway serves with its database alone: still ready, saying what is degraded, in /readyz,
    // /healthz and the metrics; with a worker in the same process or not.
    for (const serving of [both, gateway]) {
      const degraded = await waitFor(async () => {
        const response = await fetch(`${serving.url}/readyz`);
        const body = (await response.json()) as { status: string; degraded?: string[] };
        return response.status === 200 && body.degraded?.includes('redis') ? body : undefined;
      }, 20_000, 'the gateway to report redis as degraded');
      expect(degraded.status).toBe('ready');
      const healthz = await fetch(`${serving.url}/healthz`);
      expect(healthz.status).toBe(200);
      expect(await healthz.json()).toMatchObject({ status: 'degraded', down: expect.arrayContaining(['redis']), database: true });
      const families = parsePrometheusText(await (await fetch(`${serving.url}/metrics`)).text());
      const up = (dependency: string) => families.get('pog_dependency_up')!.samples.find((sample) => sample.labels.dependency === dependency)?.value;
      expect([up('database'), up('redis')]).toEqual([1, 0]);
      expect(families.get('pog_ready')!.samples[0]!.value).toBe(1);
    }
    // A gateway alone still takes sign-ups (their welcome jobs wait in the database's outbox).
    expect((await new ApiClient(gateway.url).register(uniqueName('noredis'))).id).toBeGreaterThan(0);
    // Liveness does not depend on Redis.
    expect((await fetch(`${worker.url}/livez`)).status).toBe(200);
    // Let the clients retry for a while: that must not add a line per retry.
    await new Promise((resolve) => setTimeout(resolve, 4_000));

    await redis!.start();
    for (const service of services) {
      await waitFor(async () => (await readiness(service)).status === 200, 45_000, 'readiness to come back');
    }

    services.forEach((service, i) => {
      // The access lines of this test's own polling of /readyz aside.
      const outage = logLines(service)
        .slice(linesBefore[i])
        .filter((line) => line.route === undefined);
      // Each connection says it is lost once and back once; Redis's own retries write nothing.
      const lost = outage.filter((line) => line.level === 'warn' && /Redis|redis|connection lost/.test(String(line.message)));
      const keys = lost.map((line) => `${line.component}/${line.connection ?? line.part ?? ''}`);
      expect(new Set(keys).size, JSON.stringify(lost)).toBe(keys.length);
      expect(outage.length, JSON.stringify(outage)).toBeLessThan(25);
      expect(service.output()).not.toContain('Unhandled error event');
    });
  }, 120_000);
});

describe.skipIf(Boolean(missing))(`a worker's readiness after Redis and PostgreSQL come back${missing ? ` [needs ${missing}]` : ''}`, () => {
  let redis: OwnRedis | undefined;
  let database: PrivateDatabase | undefined;
  let gateway: ServiceProcess;
  let worker: ServiceProcess;

  beforeAll(async () => {
    // Redis and the database are this test's own: it restarts the one and cuts the other's connections.
    [redis, database] = await Promise.all([startOwnRedis(), privatePostgresDatabase()]);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `comeback-${process.pid}`,
      // Each test client is a client address of its own (registrations are limited per address).
      TRUST_PROXY: '1',
      SESSION_SECRET: 'readiness-test-session-secret',
      ADMIN_PASSWORD: 'readiness-test-admin-password',
    };
    [gateway, worker] = await Promise.all([startService({ ...env, SERVICES: 'gateway' }), startService({ ...env, SERVICES: 'worker' })]);
  });

  afterAll(async () => {
    await Promise.all([gateway, worker].filter(Boolean).map((service) => service.stop()));
    await redis?.stop();
    await database?.close();
  });

  /** Jobs keep coming while the outages happen: each player signing up is a welcome job for the worker. */
  function keepRegistering(): () => Promise<void> {
    let going = true;
    const loop = (async () => {
      while (going) {
        await new ApiClient(gateway.url).register(uniqueName('busy')).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    return async () => {
      going = false;
      await loop;
    };
  }

  /** Seconds until the worker is ready again, from now. */
  async function secondsUntilReady(): Promise<number> {
    const from = performance.now();
    await waitFor(async () => (await readiness(worker)).status === 200, 30_000, 'the worker to be ready again');
    return (performance.now() - from) / 1000;
  }

  async function restartRedis(): Promise<void> {
    await redis!.stop();
    await waitFor(async () => (await readiness(worker)).status === 503, 20_000, 'the worker to notice Redis is gone');
    // Long enough for the clients' reconnection attempts to back off.
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    await redis!.start();
  }

  async function cutDatabase(): Promise<void> {
    expect(await database!.dropConnections()).toBeGreaterThan(0);
  }

  it.each([
    ['Redis restarts, then PostgreSQL ends every connection', [restartRedis, cutDatabase]],
    ['PostgreSQL ends every connection, then Redis restarts', [cutDatabase, restartRedis]],
  ] as const)('is ready within seconds, and takes jobs, when %s', async (_title, outages) => {
    expect((await readiness(worker)).status).toBe(200);
    const stop = keepRegistering();
    try {
      for (const outage of outages) await outage();
      const seconds = await secondsUntilReady();
      console.log(`[readiness] the worker was ready again ${seconds.toFixed(1)} s after the last outage (${_title})`);
      expect(seconds).toBeLessThan(10);
    } finally {
      await stop();
    }
    // Ready means taking jobs: a POG made now is scored.
    const player = new ApiClient(gateway.url);
    const { id } = await player.register(uniqueName('after'));
    const created = await player.post('/api/pogs', pogDesign(id, { name: 'After The Outages' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await waitForScore(player, created.body.id);
  }, 120_000);
});
