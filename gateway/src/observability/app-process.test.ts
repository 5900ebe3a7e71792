/**
 * Logs and metrics of a real app process (server/src/main.ts running gateway and worker, with the
 * in-process queue; on PostgreSQL when TEST_DATABASE_URL is set, which starts faster than a new
 * PGlite), as an operator sees them: its stdout and its /metrics.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { REPO_ROOT, startService, type ServiceProcess } from '../testing/processes';
import { labelNamesOf, parsePrometheusText, type MetricFamily, type MetricType } from '../testing/prometheus-text';
import { waitFor } from '../testing/wait';

const METRICS_TOKEN = 'scrape-token-for-the-process-test';
const databaseUrl = process.env.TEST_DATABASE_URL;
const ADMIN_PASSWORD = 'admin-password-for-the-log-test';

/** Every series the app defines: type and label names (le aside). docs/operations.md lists them all. */
export const APP_METRICS: Record<string, { type: MetricType; labels: string[] }> = {
  http_request_duration_seconds: { type: 'histogram', labels: ['method', 'route', 'status'] },
  pog_sockets_connected: { type: 'gauge', labels: [] },
  pog_socket_catch_ups_total: { type: 'counter', labels: [] },
  pog_socket_replayed_events_total: { type: 'counter', labels: [] },
  pog_socket_refusals_total: { type: 'counter', labels: ['kind'] },
  pog_list_pages_total: { type: 'counter', labels: ['answer'] },
  pog_list_checks_total: { type: 'counter', labels: [] },
  pog_outbox_events_delivered_total: { type: 'counter', labels: [] },
  pog_outbox_lag_seconds: { type: 'histogram', labels: [] },
  pog_outbox_open_jobs: { type: 'gauge', labels: [] },
  pog_outbox_unsequenced_events: { type: 'gauge', labels: [] },
  pog_outbox_oldest_unsequenced_seconds: { type: 'gauge', labels: [] },
  pog_outbox_sequencer_holder: { type: 'gauge', labels: [] },
  pog_outbox_sequencer_epoch: { type: 'gauge', labels: [] },
  pog_queue_jobs: { type: 'gauge', labels: ['state'] },
  pog_job_duration_seconds: { type: 'histogram', labels: ['name', 'outcome'] },
  pog_jobs_restarted_total: { type: 'counter', labels: ['name'] },
  pog_db_pool_connections: { type: 'gauge', labels: ['state'] },
  pog_db_pool_waiting: { type: 'gauge', labels: [] },
  pog_db_pool_max: { type: 'gauge', labels: [] },
};
/** A few of prom-client's process metrics, which the alerts use. */
const PROCESS_METRICS: Record<string, MetricType> = {
  process_cpu_seconds_total: 'counter',
  process_resident_memory_bytes: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
};

interface LogLine {
  time: string;
  level: string;
  service: string;
  message: string;
  [field: string]: unknown;
}

describe('a started app process: structured logs and /metrics', () => {
  let app: ServiceProcess;

  beforeAll(async () => {
    app = await startService({
      METRICS_TOKEN,
      ADMIN_PASSWORD,
      SESSION_SECRET: 'process-test-session-secret',
      TRUST_PROXY: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** Every stdout line, each of which must be one JSON object with the common fields. */
  function logLines(): LogLine[] {
    return app
      .stdout()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const parsed = JSON.parse(line) as LogLine;
        expect(parsed, line).toMatchObject({ level: expect.stringMatching(/^(trace|debug|info|warn|error|fatal)$/), service: 'gateway+worker', message: expect.any(String) });
        expect(new Date(parsed.time).toISOString(), line).toBe(parsed.time);
        return parsed;
      });
  }

  async function accessLine(requestId: string): Promise<LogLine> {
    return waitFor(() => logLines().find((line) => line.requestId === requestId && typeof line.status === 'number'), 5_000, `the access line of ${requestId}`);
  }

  it('logs JSON lines; one access line per request with route pattern, status, duration and user id', async () => {
    const player = new ApiClient(app.url);
    const user = await player.register(uniqueName('logs'));
    const response = await player.get('/api/pogs/999999999', { 'X-Request-Id': 'probe-1234' });
    expect(response.headers.get('x-request-id')).toBe('probe-1234');
    const line = await accessLine('probe-1234');
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/pogs/:id', status: response.status, userId: user.id });
    expect(line.durationMs).toEqual(expect.any(Number));

    // A request id the client did not send is made, and returned.
    const anonymous = await fetch(`${app.url}/api/pogs/recent`);
    const made = anonymous.headers.get('x-request-id')!;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(await accessLine(made)).toMatchObject({ route: '/api/pogs/recent', status: anonymous.status });
    expect(logLines().filter((l) => l.requestId === made)).toHaveLength(1);
  });

  it('never logs a password, a cookie or the admin password, even from a body that is not JSON', async () => {
    const password = 'hunter2-never-logged';
    const cookie = 'pf.sid=cookie-value-never-logged';
    const origin = { Origin: app.url, Cookie: cookie, 'Content-Type': 'application/json' };
    const malformed = await fetch(`${app.url}/api/login`, { method: 'POST', headers: { ...origin, 'X-Request-Id': 'bad-login' }, body: `{"username":"bob","password":"${password}"` });
    expect(malformed.status).toBe(400);
    const wrong = await fetch(`${app.url}/api/login`, { method: 'POST', headers: { ...origin, 'X-Request-Id': 'wrong-login' }, body: JSON.stringify({ username: 'nobody_here', password }) });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const admin = await fetch(`${app.url}/api/admin/auth`, { method: 'POST', headers: { ...origin, 'X-Request-Id': 'admin-login' }, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    expect(admin.status).toBeLessThan(500);

    // The 4xx is one line, without a stack.
    const lines = [await accessLine('bad-login'), await accessLine('wrong-login'), await accessLine('admin-login')];
    expect(lines[0]).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(logLines().filter((line) => line.requestId === 'bad-login')).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty('err');
    for (const secret of [password, 'cookie-value-never-logged', ADMIN_PASSWORD]) expect(app.output()).not.toContain(secret);
  });

  it('logs no line per successful job at the default level', async () => {
    // Registering queued a welcome job that has run by the time its notification exists.
    const player = new ApiClient(app.url);
    await player.register(uniqueName('jobs'));
    await waitFor(async () => ((await player.get('/api/notifications')).body as { items: unknown[] }).items.length > 0, 15_000, 'the welcome notification');
    expect(logLines().filter((line) => line.job === 'user.welcome')).toEqual([]);
  });

  it('serves /metrics in Prometheus text, behind the bearer token, with every named series', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);

    // Events reach this gateway's relay (a registration's welcome notification): the lag is observed.
    const player = new ApiClient(app.url);
    await player.register(uniqueName('metrics'));
    const scrape = async () => {
      const response = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parsePrometheusText(await response.text());
    };
    const families = await waitFor(async () => {
      const scraped = await scrape();
      return count(scraped.get('pog_outbox_lag_seconds')) > 0 && count(scraped.get('pog_job_duration_seconds')) > 0 ? scraped : undefined;
    }, 15_000, 'the outbox lag and a job duration');

    for (const [name, expected] of Object.entries(APP_METRICS)) {
      const family = families.get(name);
      expect(family, name).toBeDefined();
      expect(family!.type, name).toBe(expected.type);
      if (family!.samples.length > 0) expect(labelNamesOf(family!), name).toEqual([...expected.labels].sort());
    }
    for (const [name, type] of Object.entries(PROCESS_METRICS)) expect(families.get(name)?.type, name).toBe(type);

    const routes = new Set(families.get('http_request_duration_seconds')!.samples.map((s) => s.labels.route));
    expect(routes).toContain('/api/register');
    expect([...routes].every((route) => !/\d{3,}/.test(route!))).toBe(true);
    expect(valueOf(families.get('pog_outbox_events_delivered_total'))).toBeGreaterThan(0);
    expect(new Set(families.get('pog_queue_jobs')!.samples.map((s) => s.labels.state))).toEqual(new Set(['waiting', 'active', 'delayed', 'failed', 'completed']));
    expect(families.get('pog_job_duration_seconds')!.samples.some((s) => s.labels.name === 'user.welcome' && s.labels.outcome === 'completed')).toBe(true);
    const pool = Object.fromEntries(families.get('pog_db_pool_connections')!.samples.map((s) => [s.labels.state, s.value]));
    const max = valueOf(families.get('pog_db_pool_max'))!;
    // PGlite is one connection, always in use; a PostgreSQL pool has 10 at most.
    expect(max).toBe(databaseUrl ? 10 : 1);
    expect(pool.in_use! + pool.idle!).toBeLessThanOrEqual(max);
    expect(pool.in_use).toBeGreaterThanOrEqual(databaseUrl ? 0 : 1);
    expect(valueOf(families.get('pog_sockets_connected'))).toBe(0);
    expect(valueOf(families.get('pog_outbox_open_jobs'))).toBeGreaterThanOrEqual(0);
  });

  it('documents every metric it serves in docs/operations.md', () => {
    const guide = readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
    for (const name of Object.keys(APP_METRICS)) expect(guide, name).toContain(`\`${name}\``);
  });
});

function count(family: MetricFamily | undefined): number {
  return family?.samples.filter((s) => s.name.endsWith('_count')).reduce((sum, s) => sum + s.value, 0) ?? 0;
}

function valueOf(family: MetricFamily | undefined): number | undefined {
  return family?.samples[0]?.value;
}
