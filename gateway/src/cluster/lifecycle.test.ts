/**
 * Starting and stopping real processes: SIGTERM with 1,000 sockets open exits 0 within 10 s, closing
 * the sockets first; a process started while PostgreSQL or Redis is away says once what it waits for
 * and starts when it appears; `npm start` passes signals on and leaves nothing running behind.
 */
import { createServer, connect, type Server, type Socket as NetSocket } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { freePort, spawnService, type SpawnedService } from '../testing/processes';
import { startOwnRedis, type OwnRedis } from '../testing/redis-server';
import { connectSocket, type TestSocket } from '../testing/sockets';
import { waitFor } from '../testing/wait';

const databaseUrl = process.env.TEST_DATABASE_URL;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('stopping a gateway', () => {
  const started: SpawnedService[] = [];
  afterAll(async () => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  });

  it('closes 1,000 sockets first, then exits 0 within 10 s of SIGTERM', async () => {
    const app = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789', ADMIN_PASSWORD: 'lifecycle-admin' });
    started.push(app);
    await app.ready();
    const player = new ApiClient(app.url);
    await player.register(uniqueName('stop'));
    const sockets: TestSocket[] = [];
    try {
      for (let batch = 0; batch < 20; batch++) {
        sockets.push(...(await Promise.all(Array.from({ length: 50 }, () => connectSocket(app.url, player)))));
      }
      expect(sockets.filter((s) => s.connected)).toHaveLength(1_000);
      const disconnected = Promise.all(sockets.map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve))));
      const signalled = performance.now();
      const code = await app.stop();
      const seconds = (performance.now() - signalled) / 1000;
      expect(code).toBe(0);
      expect(seconds).toBeLessThan(10);
      // The server closed them (their clients would reconnect, to another gateway).
      expect(new Set(await disconnected)).toEqual(new Set(['io server disconnect']));
    } finally {
      for (const s of sockets) s.close();
    }
  }, 120_000);
});

describe('`npm start`', () => {
  it('passes SIGTERM on: the app stops gracefully and nothing is left running', async () => {
    const start = await spawnService({ WEB_DIST: mkdtempSync(path.join(tmpdir(), 'pog-dist-')), SESSION_SECRET: 'lifecycle-secret-0123456789' }, ['scripts/start.mjs']);
    await start.ready();
    const appPid = Number(/\n?(\d+)\n/.exec(await childPids(start.child.pid!))?.[1]);
    expect(alive(appPid)).toBe(true);
    expect(await start.stop()).toBe(0);
    await waitFor(() => !alive(appPid), 10_000, 'the app process to end');
  }, 120_000);

  it('stops the app when the npm start process is killed without passing anything on', async () => {
    const start = await spawnService({ WEB_DIST: mkdtempSync(path.join(tmpdir(), 'pog-dist-')), SESSION_SECRET: 'lifecycle-secret-0123456789' }, ['scripts/start.mjs']);
    await start.ready();
    const appPid = Number(/\n?(\d+)\n/.exec(await childPids(start.child.pid!))?.[1]);
    expect(alive(appPid)).toBe(true);
    start.child.kill('SIGKILL');
    await waitFor(() => !alive(appPid), 15_000, 'the orphaned app process to stop by itself');
  }, 120_000);
});

describe.skipIf(!databaseUrl)(`starting while PostgreSQL or Redis is away${databaseUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, () => {
  let redis: OwnRedis | undefined;
  let proxy: { close(): void } | undefined;
  const started: SpawnedService[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await redis?.stop();
    proxy?.close();
  });

  it('waits for Redis, saying so once, and starts when it appears', async () => {
    redis = await startOwnRedis();
    await redis.stop();
    const app = await spawnService({ DATABASE_URL: databaseUrl!, REDIS_URL: redis.url, REDIS_PREFIX: `wait-${process.pid}-${Date.now()}`, SESSION_SECRET: 'lifecycle-secret-0123456789' });
    started.push(app);
    await waitFor(() => app.output().includes('waiting for Redis'), 30_000, 'the waiting line');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(app.output().match(/waiting for Redis at 127\.0\.0\.1:\d+/g)).toHaveLength(1);
    await redis.start();
    await app.ready(30_000);
    expect(app.output()).toContain(`Redis at 127.0.0.1:${redis.port} is up`);
  }, 90_000);

  it('waits for PostgreSQL, saying so once, and starts when it appears', async () => {
    // PostgreSQL "appears" on a port of the test's own: a TCP relay to the real server, opened late.
    const port = await freePort();
    const target = new URL(databaseUrl!);
    const url = new URL(databaseUrl!);
    url.host = `127.0.0.1:${port}`;
    const app = await spawnService({ DATABASE_URL: url.toString(), SESSION_SECRET: 'lifecycle-secret-0123456789' });
    started.push(app);
    await waitFor(() => app.output().includes('waiting for PostgreSQL'), 30_000, 'the waiting line');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(app.output().match(/waiting for PostgreSQL at 127\.0\.0\.1:\d+/g)).toHaveLength(1);
    proxy = await relayTo(port, target.hostname, Number(target.port || 5432));
    await app.ready(30_000);
    expect(app.output()).toMatch(/PostgreSQL at 127\.0\.0\.1:\d+\S* is up/);
  }, 90_000);
});

/** The pids of a process's children, one per line (from /proc). */
async function childPids(pid: number): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  for (let i = 0; i < 100; i++) {
    const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
    if (text.trim()) return `\n${text.trim().split(/\s+/).join('\n')}\n`;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} has no children`);
}

/** A TCP relay from a local port to host:port; `close` cuts every connection through it. */
function relayTo(port: number, host: string, targetPort: number): Promise<{ close(): void }> {
  const sockets = new Set<NetSocket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const close = () => {
    server.close();
    for (const s of sockets) s.destroy();
  };
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ close })));
}
