import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLoopback, percentile, runLoad } from './load';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('assertLoopback', () => {
  it('accepts only this machine', () => {
    for (const url of ['http://127.0.0.1:3000/', 'http://127.8.9.1/', 'http://localhost:1/', 'http://[::1]:80/']) {
      expect(() => assertLoopback(url), url).not.toThrow();
    }
    for (const url of ['http://10.0.0.1/', 'http://192.168.1.2/', 'http://example.com/', 'http://128.0.0.1/']) {
      expect(() => assertLoopback(url), url).toThrow(/only target this machine/);
    }
  });
});

describe('runLoad', () => {
  let server: http.Server;
  let url: string;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.end(req.headers['x-probe'] ?? 'ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stops at the request bound and reports rate and percentiles', async () => {
    hits = 0;
    const result = await runLoad({ url: `${url}/`, connections: 4, durationMs: 10_000, maxRequests: 200, headers: { 'x-probe': '1' } });
    expect(result.requests).toBe(200);
    expect(hits).toBe(200);
    expect(result.errors).toBe(0);
    expect(result.rps).toBeGreaterThan(0);
    expect(result.latencyMs.p50).toBeLessThanOrEqual(result.latencyMs.p95);
    expect(result.latencyMs.p95).toBeLessThanOrEqual(result.latencyMs.p99);
    expect(result.latencyMs.p99).toBeLessThanOrEqual(result.latencyMs.max);
  });

  it('stops at the time bound', async () => {
    const started = Date.now();
    await runLoad({ url: `${url}/`, connections: 2, durationMs: 200 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts unexpected statuses as errors, with a sample', async () => {
    const result = await runLoad({ url: `${url}/missing`, connections: 2, durationMs: 5000, maxRequests: 10 });
    expect(result.requests).toBe(0);
    expect(result.errors).toBe(10);
    expect(result.errorSamples).toEqual(['status 404']);
  });
});
