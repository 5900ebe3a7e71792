/**
 * Battles resolved per second end to end (issue 5 §6): from sending `POST /api/battles/:id/complete`
 * until `battle:updated` (completed) has reached BOTH players' sockets, with one gateway process and
 * ONE worker process on the real PostgreSQL and Redis. Also the p95 latency of a single complete
 * under that load. Goal: 300 battles per second or more.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/pog_dev REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx infra/bench/battles.ts [--pairs 32] [--battles 3000] [--warmup 500] [--check]
 *
 * Setup (not measured): `--pairs` pairs of players register, get POGs (inserted directly, since the
 * API's creation cooldown allows one a minute), and create and accept `--warmup` + `--battles` battles.
 * Each pair completes its battles one after another, all pairs at once; the first `--warmup` are
 * not measured (JIT compilation, connection pools and caches settle), the following `--battles` are.
 * bench_ users, their POGs and battles are left in that database; the run's Redis keys (under a
 * random prefix) are removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { KNOWN_ENV_VARS } from '@pog/common/server';
import { assertLoopback, percentile } from './load';
import { describeMachine } from './machine';
import { appNodeArgs, deleteRedisKeys, freePort, repoRoot, startServer, type ServerProcess } from './processes';

const GOAL_PER_SECOND = 300;

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '32' },
    battles: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '500' },
    check: { type: 'boolean', default: false },
  },
});
const PAIRS = Math.max(1, Number(values.pairs));
/** Battles completed before measuring (warm-up), then the measured ones, per pair. */
const WARMUP_PER_PAIR = Math.max(0, Math.ceil(Number(values.warmup) / PAIRS));
const BATTLES_PER_PAIR = WARMUP_PER_PAIR + Math.max(1, Math.ceil(Number(values.battles) / PAIRS));
/** Stop waiting for a battle's events after this long: a lost event fails the run instead of hanging it. */
const EVENT_TIMEOUT_MS = 30_000;

interface Player {
  id: number;
  cookie: string;
  address: string;
  socket: Socket;
}

/** The environment of the app's processes: only what this benchmark sets (see processes.ts startApp). */
function appEnv(prefix: string, sessionSecret: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of KNOWN_ENV_VARS) delete env[name];
  return {
    ...env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: prefix,
    SESSION_SECRET: sessionSecret,
    // Each simulated player presents its own address, so per-address limits apply per player.
    TRUST_PROXY: 'true',
  };
}

/** The worker process has no HTTP port: it is ready when it says so. */
function startWorker(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-worker-'));
  const child = spawn(process.execPath, appNodeArgs(['server/src/main.ts']), {
    cwd: repoRoot,
    env: { ...env, SERVICES: 'worker', DATA_DIR: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), 120_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('processing jobs')) {
        clearTimeout(timer);
        resolve({ child, stop });
      }
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}:\n${output}`)));
  });
}

async function call(baseUrl: string, player: Pick<Player, 'cookie' | 'address'>, method: string, route: string, body?: unknown): Promise<{ status: number; body: unknown; setCookie: string[] }> {
  const response = await fetch(baseUrl + route, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, 'X-Forwarded-For': player.address, ...(player.cookie ? { Cookie: player.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, setCookie: response.headers.getSetCookie() };
}

function expectStatus(result: { status: number; body: unknown }, status: number, what: string): void {
  if (result.status !== status) throw new Error(`${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
}

/** Resolves once both players' sockets have seen the battle completed. */
class CompletionWatch {
  private readonly waiting = new Map<number, { seen: Set<number>; done: () => void }>();

  listen(player: Player): void {
    player.socket.on('battle:updated', (battle: { id: number; status: string }) => {
      const entry = this.waiting.get(battle.id);
      if (!entry || battle.status !== 'completed') return;
      entry.seen.add(player.id);
      if (entry.seen.size === 2) {
        this.waiting.delete(battle.id);
        entry.done();
      }
    });
  }

  /** Call before sending the complete, so that no event can arrive unwatched. */
  expect(battleId: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`battle ${battleId}: battle:updated did not reach both sockets within ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS);
      this.waiting.set(battleId, { seen: new Set(), done: () => (clearTimeout(timer), resolve()) });
    });
  }
}

async function registerPlayer(baseUrl: string, index: number): Promise<Omit<Player, 'socket'>> {
  const address = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const result = await call(baseUrl, { cookie: '', address }, 'POST', '/api/register', { username: `bench_${randomBytes(5).toString('hex')}`, password: randomBytes(12).toString('base64url') });
  expectStatus(result, 201, 'POST /api/register');
  const cookie = result.setCookie.map((c) => c.split(';')[0]!).join('; ');
  return { id: (result.body as { id: number }).id, cookie, address };
}

function connect(baseUrl: string, cookie: string): Promise<Socket> {
  const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie, origin: baseUrl } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main(): Promise<void> {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) throw new Error('set DATABASE_URL and REDIS_URL: this benchmark measures the distributed shape');
  console.log(describeMachine());
  console.log(`settings: ${PAIRS} pairs of players completing at once, ${PAIRS * (BATTLES_PER_PAIR - WARMUP_PER_PAIR)} battles measured after ${PAIRS * WARMUP_PER_PAIR} to warm up, 1 gateway + 1 worker process, PostgreSQL + Redis`);

  const prefix = `bench_${randomBytes(4).toString('hex')}`;
  const env = appEnv(prefix, randomBytes(24).toString('base64url'));
  const port = await freePort();
  const gatewayDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-gateway-'));
  let gateway: ServerProcess | undefined;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const players: Player[] = [];
  try {
    gateway = await startServer({ name: 'gateway', args: ['server/src/main.ts'], env: { ...env, SERVICES: 'gateway', PORT: String(port), DATA_DIR: gatewayDir }, port, healthPath: '/healthz' });
    assertLoopback(gateway.url);
    worker = await startWorker(env);
    const baseUrl = gateway.url;

    // Setup, not measured.
    const watch = new CompletionWatch();
    for (let i = 0; i < PAIRS * 2; i++) {
      const registered = await registerPlayer(baseUrl, i);
      const player = { ...registered, socket: await connect(baseUrl, registered.cookie) };
      watch.listen(player);
      players.push(player);
    }
    // Every player holds one POG per battle it will fight, whatever the results.
    await pool.query(
      `INSERT INTO pogs (user_id, creator_id, name, rarity, points, scored_version, max_trades, trades_remaining)
       SELECT u, u, 'Bench Pog', (ARRAY['common','uncommon','rare','epic','legendary'])[1 + (g % 5)], 100, 1, 15, 15
       FROM unnest($1::int[]) AS u, generate_series(1, $2::int) AS g`,
      [players.map((p) => p.id), BATTLES_PER_PAIR],
    );
    const pogsOf = new Map<number, number[]>();
    for (const row of (await pool.query<{ id: number; user_id: number }>('SELECT id, user_id FROM pogs WHERE user_id = ANY($1::int[]) ORDER BY id', [players.map((p) => p.id)])).rows) {
      pogsOf.set(row.user_id, [...(pogsOf.get(row.user_id) ?? []), row.id]);
    }
    const pairs = Array.from({ length: PAIRS }, (_, i) => [players[2 * i]!, players[2 * i + 1]!] as const);
    const accepted: number[][] = await Promise.all(
      pairs.map(async ([x, y]) => {
        const ids: number[] = [];
        for (let n = 0; n < BATTLES_PER_PAIR; n++) {
          const created = await call(baseUrl, x, 'POST', '/api/battles', { challengerId: x.id, defenderId: y.id, challengerPogId: pogsOf.get(x.id)![n], battleType: 'standard' });
          expectStatus(created, 201, 'POST /api/battles');
          const id = (created.body as { id: number }).id;
          expectStatus(await call(baseUrl, y, 'POST', `/api/battles/${id}/accept`, { defenderPogId: pogsOf.get(y.id)![n] }), 200, 'accept');
          ids.push(id);
        }
        return ids;
      }),
    );
    console.log(`setup: ${players.length} players, ${PAIRS * BATTLES_PER_PAIR} accepted battles (${PAIRS * WARMUP_PER_PAIR} to warm up)`);

    // Each pair completes its battles in turn (alternating who presses), all pairs at once: first the
    // warm-up share (not measured: JIT, connection pools, caches), then the measured rest.
    const endToEnd: number[] = [];
    const response: number[] = [];
    const completeAll = (from: number, to: number, measure: boolean) =>
      Promise.all(
        pairs.map(async ([x, y], p) => {
          for (let n = from; n < Math.min(to, accepted[p]!.length); n++) {
            const id = accepted[p]![n]!;
            const delivered = watch.expect(id);
            const sent = performance.now();
            const answer = await call(baseUrl, n % 2 ? y : x, 'POST', `/api/battles/${id}/complete`);
            if (measure) response.push(performance.now() - sent);
            expectStatus(answer, 200, 'complete');
            await delivered;
            if (measure) endToEnd.push(performance.now() - sent);
          }
        }),
      );
    await completeAll(0, WARMUP_PER_PAIR, false);
    const started = performance.now();
    await completeAll(WARMUP_PER_PAIR, BATTLES_PER_PAIR, true);
    const elapsedMs = performance.now() - started;
    endToEnd.sort((a, b) => a - b);
    response.sort((a, b) => a - b);
    const perSecond = (endToEnd.length / elapsedMs) * 1000;
    const ms = (n: number) => Math.round(n * 10) / 10;
    console.log(`battles resolved end to end: ${Math.round(perSecond)} per second (${endToEnd.length} in ${(elapsedMs / 1000).toFixed(1)} s)`);
    console.log(`complete -> battle:updated on both sockets, ms: p50 ${ms(percentile(endToEnd, 50))}, p95 ${ms(percentile(endToEnd, 95))}, p99 ${ms(percentile(endToEnd, 99))}, max ${ms(endToEnd.at(-1) ?? 0)}`);
    console.log(`complete HTTP response alone, ms: p50 ${ms(percentile(response, 50))}, p95 ${ms(percentile(response, 95))}`);
    const verdict = perSecond >= GOAL_PER_SECOND ? 'meets the goal' : 'BELOW the goal';
    console.log(`goal >= ${GOAL_PER_SECOND} per second: ${verdict}`);
    if (values.check && perSecond < GOAL_PER_SECOND) process.exitCode = 1;
  } catch (error) {
    if (gateway) console.error(`gateway output:\n${gateway.output()}`);
    throw error;
  } finally {
    for (const p of players) p.socket.close();
    await worker?.stop();
    await gateway?.stop();
    rmSync(gatewayDir, { recursive: true, force: true });
    await pool.end();
    await deleteRedisKeys(REDIS_URL, prefix);
  }
}


main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
