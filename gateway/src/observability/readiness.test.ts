/**
 * Readiness against a Redis that goes away and comes back: a gateway+worker process and a
 * worker-only process, on PostgreSQL and on a Redis server of this test's own (never the shared one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    [both, worker] = await Promise.all([startService({ ...env, SERVICES: 'gateway,worker' }), startService({ ...env, SERVICES: 'worker' })]);
    services.push(both, worker);
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

  it('goes 503 naming redis when its Redis stops, and ready again when it is back', async () => {
    for (const service of services) expect(await readiness(service)).toEqual({ status: 200, down: [] });
    const linesBefore = services.map((service) => logLines(service).length);

    await redis!.stop('SIGTERM');
    for (const service of services) {
      const notReady = await waitFor(async () => {
        const now = await readiness(service);
        return now.status === 503 && now.down.includes('redis') ? now : undefined;
      }, 20_000, 'readiness to name redis');
      expect(notReady.down).not.toContain('database');
    }
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
