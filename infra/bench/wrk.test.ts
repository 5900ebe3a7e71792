import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLoopback, runWrk } from './wrk';

describe('the load generator', () => {
  it('loads only this machine', () => {
    for (const url of ['http://127.0.0.1:3000/', 'http://127.8.9.1/', 'http://localhost:1/', 'http://[::1]:80/']) expect(() => assertLoopback(url), url).not.toThrow();
    for (const url of ['http://10.0.0.1/', 'http://192.168.1.2/', 'http://example.com/', 'http://128.0.0.1/']) expect(() => assertLoopback(url), url).toThrow(/only target this machine/);
    return expect(runWrk({ url: 'http://10.0.0.1/', connections: 1, durationS: 1 })).rejects.toThrow(/only target this machine/);
  });

  describe.skipIf(!existsSync(process.env.WRK_PATH ?? '/usr/bin/wrk'))('with wrk (Debian: apt-get install wrk)', () => {
    const seen: Array<{ method: string; url: string; cookie?: string; forwardedFor?: string; origin?: string; body: string }> = [];
    let server: http.Server;
    let url: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          seen.push({ method: req.method!, url: req.url!, cookie: req.headers.cookie, forwardedFor: req.headers['x-forwarded-for'] as string | undefined, origin: req.headers.origin, body });
          res.statusCode = req.url === '/missing' ? 404 : 200;
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sends the listed requests in turn, each with its cookie, address and body, and counts the answers', async () => {
      const requests = [
        { method: 'POST', path: '/api/trades', cookie: 'pf.sid=a', forwardedFor: '10.0.0.1', body: { fromUserId: 1 } },
        { method: 'GET', path: '/api/user', cookie: 'pf.sid=b' },
        { method: 'GET', path: '/missing' },
      ];
      const result = await runWrk({ url, connections: 1, durationS: 1, requests });
      expect(result.requests).toBeGreaterThanOrEqual(3);
      // wrk stops at the time, maybe with the one request it had in flight not counted.
      expect(seen.length - result.requests).toBeGreaterThanOrEqual(0);
      expect(seen.length - result.requests).toBeLessThanOrEqual(1);
      expect(seen.slice(0, 3)).toEqual([
        { method: 'POST', url: '/api/trades', cookie: 'pf.sid=a', forwardedFor: '10.0.0.1', origin: url, body: '{"fromUserId":1}' },
        { method: 'GET', url: '/api/user', cookie: 'pf.sid=b', forwardedFor: undefined, origin: url, body: '' },
        { method: 'GET', url: '/missing', cookie: undefined, forwardedFor: undefined, origin: url, body: '' },
      ]);
      // Every third answer is the 404: counted as an error.
      expect(result.errors).toBe(seen.slice(0, result.requests).filter((r) => r.url === '/missing').length);
      expect(result.rps).toBeGreaterThan(0);
      expect(result.latencyMs.p50).toBeLessThanOrEqual(result.latencyMs.p99);
    });
  });
});
