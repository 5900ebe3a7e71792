/**
 * Starting and stopping real processes: SIGTERM with 1,000 sockets open exits 0 within 10 s, dropping
 * the sockets first as lost connections (their clients reconnect), finishing a request in flight and
 * answering the requests that arrive on kept-alive connections as it stops; a page's socket is live again by itself once the
 * embedded app is back; a process started while PostgreSQL or Redis is away says once what it waits
 * for and starts when it appears; configuration that would start wrong is refused with a message
 * naming the variable or the server's own; `npm start` passes signals on and leaves nothing running
 * behind, also when npm itself is stopped by its pid.
 */
import { createServer, connect, type Server, type Socket as NetSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { LiveClient } from '../testing/live-client';
import { pogDesign } from '../testing/players';
import { freePort, NPM_CLI, spawnService, type SpawnedService } from '../testing/processes';
import { descendants, running } from '../testing/process-tree';
import { startOwnRedis, type OwnRedis } from '../testing/redis-server';
import { connectSocket, type TestSocket } from '../testing/sockets';
import { waitFor } from '../testing/wait';
import { SOCKETS_PER_PLAYER } from '../realtime/socket-limits';
import { scratchDir } from '@pog/domain/testing/scratch-dir';

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
    // The thousand sockets all come from this one machine, as they would from a thousand players.
    const app = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789', ADMIN_PASSWORD: 'lifecycle-admin', CONNECTIONS_PER_ADDRESS: '2000' });
    started.push(app);
    await app.ready();
    const sockets: TestSocket[] = [];
    try {
      // Twenty players with fifty tabs each (a player may hold SOCKETS_PER_PLAYER).
      for (let batch = 0; batch < 20; batch++) {
        const player = new ApiClient(app.url);
        await player.register(uniqueName('stop'));
        sockets.push(...(await Promise.all(Array.from({ length: SOCKETS_PER_PLAYER }, () => connectSocket(app.url, player)))));
      }
      expect(sockets.filter((s) => s.connected)).toHaveLength(1_000);
      const disconnected = Promise.all(sockets.map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve))));
      const signalled = performance.now();
      const code = await app.stop();
      const seconds = (performance.now() - signalled) / 1000;
      expect(code).toBe(0);
      expect(seconds).toBeLessThan(10);
      // Dropped as lost connections, which socket.io-client reconnects (to another gateway); a
      // server-side disconnect ('io server disconnect') would be final, as for a ban.
      expect(new Set(await disconnected)).toEqual(new Set(['transport close']));
    } finally {
      for (const s of sockets) s.close();
    }
  }, 120_000);

  it('answers the requests that arrive on kept-alive connections in its last moments', async () => {
    const app = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789' });
    started.push(app);
    await app.ready();
    const connections = await Promise.all(Array.from({ length: 20 }, () => keptAlive(Number(new URL(app.url).port))));
    // Each connection has answered once and waits, kept alive, as a proxy's idle upstream connections do.
    for (const connection of connections) expect(await connection.request('/livez')).toMatch(/^HTTP\/1\.1 200 /);
    const exited = new Promise<number | null>((resolve) => app.child.once('exit', (code) => resolve(code)));
    // The next request on each is sent around the signal, as a proxy keeps sending on its idle
    // connections until it learns the gateway is going: five in the 10 ms before SIGTERM, fifteen
    // in the half second after.
    const answers: Array<Promise<string>> = [];
    for (const [i, connection] of connections.entries()) {
      if (i === 5) app.child.kill('SIGTERM');
      answers.push(connection.request('/livez'));
      await new Promise((resolve) => setTimeout(resolve, i < 5 ? 2 : 30));
    }
    const texts = await Promise.all(answers);
    for (const text of texts) expect(text).toMatch(/^HTTP\/1\.1 200 /);
    // Those answered during the drain close their connection cleanly after the answer.
    expect(texts.filter((text) => /\r\nconnection: close\r\n/i.test(text)).length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
  }, 60_000);

  it('finishes a request in flight when SIGTERM arrives, past the idle connections\' grace', async () => {
    const app = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789' });
    started.push(app);
    await app.ready();
    const body = JSON.stringify({ username: uniqueName('inflight'), password: 'secret123' });
    const connection = await keptAlive(Number(new URL(app.url).port));
    // A sign-up whose body is still arriving (a slow client, an upload) when the stop begins.
    const answer = connection.send(
      `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    const exited = new Promise<number | null>((resolve) => app.child.once('exit', (code) => resolve(code)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    app.child.kill('SIGTERM');
    await waitFor(() => app.output().includes('SIGTERM: shutting down'), 5_000, 'the stop to begin');
    // Longer than the second idle kept-alive connections are given: this one is not idle.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(app.child.exitCode).toBeNull();
    connection.write(body.slice(10));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 201 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ username: JSON.parse(body).username });
    expect(await exited).toBe(0);
  }, 60_000);
});

describe('a live connection asked for while a gateway stops', () => {
  it('is refused, so that the client goes elsewhere and the gateway still exits 0 within 10 s', async () => {
    const app = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789' });
    try {
      await app.ready();
      // A proxy's kept-alive connection, still open in the first second of the stop.
      const connection = await keptAlive(Number(new URL(app.url).port));
      expect(await connection.request('/livez')).toMatch(/^HTTP\/1\.1 200 /);
      const exited = new Promise<number | null>((resolve) => app.child.once('exit', (code) => resolve(code)));
      const signalled = performance.now();
      app.child.kill('SIGTERM');
      await waitFor(() => app.output().includes('SIGTERM: shutting down'), 5_000, 'the stop to begin');
      const answer = await connection.request('/socket.io/?EIO=4&transport=websocket', [
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ]);
      // Not "101 Switching Protocols": an upgraded connection would keep the gateway from stopping.
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(await exited).toBe(0);
      expect((performance.now() - signalled) / 1000).toBeLessThan(10);
    } finally {
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('a page through a restart of the embedded app', () => {
  it('is live again by itself once the app is back, and hears what happens then', async () => {
    const started: SpawnedService[] = [];
    const env = { SESSION_SECRET: 'lifecycle-secret-0123456789', DATA_DIR: scratchDir('pog-restart-'), PORT: String(await freePort()) };
    let connected: LiveClient | undefined;
    try {
      const first = await spawnService(env);
      started.push(first);
      await first.ready();
      const player = new ApiClient(first.url);
      const { id } = await player.register(uniqueName('back'));
      const position = (await player.get('/api/user')).body.streamPosition as number;
      const live = new LiveClient([first.url], player, { stream: userStream(id), position }, { asPage: true });
      connected = live;
      await live.connect();
      expect(await first.stop()).toBe(0);
      await waitFor(() => live.disconnects.length > 0, 5_000, 'the socket to be dropped');
      expect(live.disconnects).toEqual(['transport close']);

      // The same app again, where the page expects it (same port, same data).
      const second = await spawnService(env);
      started.push(second);
      await second.ready();
      await waitFor(() => live.connected, 15_000, 'the socket to reconnect by itself');
      const created = await player.post('/api/pogs', pogDesign(id, { name: 'After Restart' }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await waitFor(() => live.payloads('pog:updated').some((pog) => (pog as { id: number }).id === created.body.id), 15_000, 'the new POG on the socket');
      expect(live.connections).toBe(2);
      expect(await second.stop()).toBe(0);
    } finally {
      connected?.close();
      // Gone before the test ends, when its data folder is removed, whatever happened.
      for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(started.map((s) => s.stop()));
    }
  }, 120_000);
});

describe('`npm start`', () => {
  it('stops the app gracefully on SIGTERM, and nothing is left running', async () => {
    const start = await spawnService({ WEB_DIST: scratchDir('pog-dist-'), SESSION_SECRET: 'lifecycle-secret-0123456789' }, ['scripts/start.mjs']);
    await start.ready();
    // The app runs in the start script's own process: no process of its own to outlive it.
    const tree = descendants(start.child.pid!);
    expect(await start.stop()).toBe(0);
    expect(start.output()).toContain('SIGTERM: shutting down');
    await waitFor(() => tree.every((pid) => !running(pid)), 10_000, 'every process npm start started to end');
  }, 120_000);

  it.skipIf(!NPM_CLI)(`stops the app when npm itself is stopped by its pid${NPM_CLI ? '' : ' [needs npm]'}`, async () => {
    const npm = await spawnService({ WEB_DIST: scratchDir('pog-dist-'), DATA_DIR: scratchDir('pog-proc-'), SESSION_SECRET: 'lifecycle-secret-0123456789', HOME: process.env.HOME ?? tmpdir() }, [NPM_CLI!, 'start']);
    await npm.ready();
    const tree = descendants(npm.child.pid!);
    // npm, its shell, scripts/start.mjs and the app at least.
    expect(tree.length).toBeGreaterThanOrEqual(3);
    const signalled = performance.now();
    npm.child.kill('SIGTERM');
    try {
      await waitFor(() => tree.every((pid) => !running(pid)), 10_000, 'every process npm start started to end');
      expect((performance.now() - signalled) / 1000).toBeLessThan(10);
      await expect(fetch(`${npm.url}/livez`)).rejects.toThrow();
    } finally {
      // Nothing of this test outlives it, whatever happened.
      for (const pid of tree.filter(running)) process.kill(pid, 'SIGKILL');
    }
  }, 120_000);

  it('stops the app when whoever started it is gone without passing anything on', async () => {
    // A shell between the starter and the app, as npm runs it: killing the shell re-parents the app.
    const start = await spawnService({ WEB_DIST: scratchDir('pog-dist-'), DATA_DIR: scratchDir('pog-proc-'), SESSION_SECRET: 'lifecycle-secret-0123456789' }, ['scripts/start.mjs'], ['sh', '-c', '"$0" "$@"; true']);
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

describe('configuration that starts wrong', () => {
  /** Starts a process that must refuse to run: its exit code and what it printed. */
  async function refusal(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const service = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789', ...env });
    const code = await new Promise<number | null>((resolve) => {
      if (service.child.exitCode !== null) resolve(service.child.exitCode);
      service.child.once('exit', (exitCode) => resolve(exitCode));
      // A process that waits instead of refusing is this test's failure, not a hang.
      setTimeout(() => {
        service.child.kill('SIGKILL');
        resolve(null);
      }, 30_000).unref();
    });
    return { code, output: service.output() };
  }

  it('refuses a gateway with REDIS_URL but no DATABASE_URL (a typo), naming DATABASE_URL', async () => {
    const { code, output } = await refusal({ SERVICES: 'gateway', REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URI: 'postgres://127.0.0.1/pog' });
    expect(code).toBe(78);
    expect(output).toContain('DATABASE_URL: is required when SERVICES=gateway runs on its own');
  }, 60_000);

  it.skipIf(!databaseUrl)(`stops at once with PostgreSQL's own message when the database does not exist${databaseUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, async () => {
    const url = new URL(databaseUrl!);
    url.pathname = `/no_such_database_${process.pid}`;
    const { code, output } = await refusal({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    const fatal = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; message: string })
      .find((line) => line.level === 'fatal');
    expect(fatal?.message).toBe(`failed to start: 3D000: database "no_such_database_${process.pid}" does not exist`);
    expect(output).not.toContain('waiting for PostgreSQL');
    expect(output).not.toContain('a non-Error value was thrown');
  }, 60_000);

  it.skipIf(!databaseUrl)(`sizes the PostgreSQL pool by DATABASE_POOL_SIZE${databaseUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, async () => {
    const app = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789', DATABASE_URL: databaseUrl!, DATABASE_POOL_SIZE: '4' });
    try {
      await app.ready();
      expect(await (await fetch(`${app.url}/metrics`)).text()).toMatch(/^pog_db_pool_max 4$/m);
    } finally {
      await app.stop();
    }
  }, 120_000);

  it('takes an empty LOG_LEVEL for the default and starts', async () => {
    const app = await spawnService({ SESSION_SECRET: 'lifecycle-secret-0123456789', LOG_LEVEL: '' });
    try {
      await app.ready();
      expect(app.stdout()).toMatch(/"level":"info".*serving http/);
    } finally {
      await app.stop();
    }
  }, 120_000);
});

/**
 * A kept-alive HTTP/1.1 connection that sends one request at a time and reads its answer (head and
 * a Content-Length body); an answer cut off or reset resolves to what happened instead. `send` takes
 * a request's raw text, `write` more of it (a body that arrives late).
 */
interface KeptAlive {
  request(path: string, headers?: string[]): Promise<string>;
  send(raw: string): Promise<string>;
  write(raw: string): void;
}

function keptAlive(port: number): Promise<KeptAlive> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffered = '';
    let pending: ((text: string) => void) | undefined;
    const settle = (text: string) => {
      const done = pending;
      pending = undefined;
      done?.(text);
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buffered.slice(0, headEnd))?.[1] ?? 0);
      if (buffered.length < headEnd + 4 + length) return;
      const answer = buffered.slice(0, headEnd + 4 + length);
      buffered = buffered.slice(answer.length);
      settle(answer);
    });
    socket.on('error', (error) => settle(`error: ${error.message}`));
    socket.on('close', () => settle('closed without an answer'));
    const send = (raw: string) =>
      new Promise<string>((answered) => {
        if (socket.destroyed) return answered('closed before the request');
        pending = answered;
        socket.write(raw);
      });
    socket.once('connect', () =>
      resolve({
        request: (target, headers = []) => send(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`),
        send,
        write: (raw) => void socket.write(raw),
      }),
    );
    socket.once('error', reject);
  });
}

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
