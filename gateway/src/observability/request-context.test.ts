import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { createMetricsRegistry } from '@pog/domain/metrics';
import { memoryLogger } from '@pog/domain/logging';
import { errorHandler } from '../http/error-handler';
import { parsePrometheusText } from '../testing/prometheus-text';
import { createHttpMetrics } from './gateway-metrics';
import { requestContext } from './request-context';

describe('request context: request ids, access lines and request metrics', () => {
  const logs = memoryLogger({ level: 'info' });
  const registry = createMetricsRegistry();
  let base = '';
  let server: ReturnType<Koa['listen']>;

  beforeAll(async () => {
    const koa = new Koa();
    koa.use(requestContext({ log: logs.log, metrics: createHttpMetrics(registry) }));
    koa.use(errorHandler(logs.log));
    const router = new Router({ prefix: '/api/things' });
    router.get('/:id/status', (ctx) => {
      if (ctx.params.id === 'crash') throw new Error('database said: relation "secret_table" does not exist');
      if (ctx.params.id === 'missing') throw new AppError('NOT_FOUND', 'No such thing.');
      ctx.body = { ok: true };
    });
    koa.use(router.routes());
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => void server.close());

  /** Lines of one request, found by its id (the access line is written when the response ends). */
  async function linesOf(requestId: string) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return logs.lines().filter((line) => line.requestId === requestId);
  }

  it('takes a sane X-Request-Id, returns it, and writes one access line with the route pattern', async () => {
    const response = await fetch(`${base}/api/things/42/status?token=do-not-log`, { headers: { 'X-Request-Id': 'edge-7f3a.1:2' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('edge-7f3a.1:2');
    const lines = await linesOf('edge-7f3a.1:2');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', route: '/api/things/:id/status', status: 200, message: 'GET /api/things/:id/status 200' });
    expect(typeof lines[0]!.durationMs).toBe('number');
    expect(logs.text()).not.toContain('do-not-log');
  });

  it('names the client address on the access line', async () => {
    const response = await fetch(`${base}/api/things/7/status`);
    const [line] = await linesOf(response.headers.get('x-request-id')!);
    // No proxy is trusted here: the address that connected.
    expect(line).toMatchObject({ clientAddress: '127.0.0.1', status: 200 });
  });

  it('replaces a request id that is not sane with a new one', async () => {
    for (const bad of ['has spaces', 'x'.repeat(200), '"quoted"', '-leading-dash']) {
      const response = await fetch(`${base}/api/things/1/status`, { headers: { 'X-Request-Id': bad } });
      const id = response.headers.get('x-request-id')!;
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers a 5xx with the request id in the body, and logs the failure once with its stack', async () => {
    const response = await fetch(`${base}/api/things/crash/status`);
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id')!;
    expect(await response.json()).toEqual({ code: 'SERVER_ERROR', message: 'Something went wrong on our server. Please try again later.', requestId });
    const lines = await linesOf(requestId);
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['error', 'GET /api/things/:id/status failed'],
      ['error', 'GET /api/things/:id/status 500'],
    ]);
    expect((lines[0]!.err as { stack: string }).stack).toContain('secret_table');
  });

  it('answers a 4xx without the request id in the body, in one line without a stack', async () => {
    const response = await fetch(`${base}/api/things/missing/status`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'No such thing.' });
    const lines = await linesOf(response.headers.get('x-request-id')!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', status: 404, code: 'NOT_FOUND' });
    expect(lines[0]).not.toHaveProperty('err');
  });

  it('counts requests by method, route pattern and status, never by raw path', async () => {
    const families = parsePrometheusText(await registry.metrics());
    const counts = families.get('http_request_duration_seconds')!.samples.filter((s) => s.name.endsWith('_count'));
    const ok = counts.find((s) => s.labels.route === '/api/things/:id/status' && s.labels.status === '200' && s.labels.method === 'GET');
    expect(ok!.value).toBeGreaterThanOrEqual(5);
    expect(counts.every((s) => !s.labels.route!.includes('crash') && !s.labels.route!.includes('42'))).toBe(true);
  });
});
