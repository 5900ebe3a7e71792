import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedEntry, requestOrigin, trustProxyHops } from './forwarded';

describe('forwardedEntry', () => {
  it('takes the entry the outermost trusted proxy wrote, counted from the right', () => {
    expect(forwardedEntry('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedEntry('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedEntry(['6.6.6.6', '203.0.113.7'], 1)).toBe('203.0.113.7');
  });

  it('takes the leftmost entry when fewer proxies than trusted appended', () => {
    expect(forwardedEntry('203.0.113.7', 2)).toBe('203.0.113.7');
  });

  it('ignores the header without trusted proxies, and blank entries', () => {
    expect(forwardedEntry('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedEntry(undefined, 1)).toBeUndefined();
    expect(forwardedEntry('6.6.6.6, ', 1)).toBeUndefined();
  });

  it('builds the request origin with the same rule', () => {
    const headers = { host: 'gateway:3000', 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, pogs.example' };
    expect(requestOrigin(headers, false, 1)).toBe('https://pogs.example');
    expect(requestOrigin(headers, false, 0)).toBe('http://gateway:3000');
    expect(requestOrigin(headers, true, 0)).toBe('https://gateway:3000');
  });
});

describe('a Koa app behind trusted proxies', () => {
  const servers: Server[] = [];
  async function serve(hops: number): Promise<string> {
    const koa = new Koa();
    trustProxyHops(koa, hops);
    koa.use((ctx) => {
      ctx.body = { ip: ctx.ip, protocol: ctx.protocol, secure: ctx.secure, host: ctx.host };
    });
    const server = koa.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  let oneHop: string;
  let twoHops: string;
  let direct: string;
  beforeAll(async () => {
    [oneHop, twoHops, direct] = [await serve(1), await serve(2), await serve(0)];
  });
  afterAll(() => {
    for (const server of servers) server.close();
  });
  const ask = async (url: string, headers: Record<string, string>) => (await (await fetch(url, { headers })).json()) as { protocol: string; secure: boolean; host: string; ip: string };

  it('cannot be told a client address by the client', async () => {
    const headers = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pogs.example' };
    expect(await ask(oneHop, headers)).toEqual({ ip: '203.0.113.7', protocol: 'https', secure: true, host: 'pogs.example' });
    expect(await ask(twoHops, { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' })).toMatchObject({ ip: '203.0.113.7', protocol: 'http' });
  });

  it('takes scheme and host from the entries the trusted proxies wrote, not the leftmost', async () => {
    const headers = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, pogs.example' };
    expect(await ask(oneHop, headers)).toEqual({ ip: '203.0.113.7', protocol: 'https', secure: true, host: 'pogs.example' });
  });

  it('ignores forwarded headers when no proxy is trusted', async () => {
    const body = await ask(direct, { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(body).toMatchObject({ protocol: 'http', secure: false, host: new URL(direct).host });
    expect(body.ip).toMatch(/127\.0\.0\.1/);
  });
});
