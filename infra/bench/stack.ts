/**
 * The distributed shape of the app for a benchmark: gateway and worker processes on one scratch
 * PostgreSQL database and Redis (keys under a random prefix), from this repository tree or another
 * one (e.g. a worktree of an older commit, to compare before and after). The database is created
 * empty; the first gateway applies that tree's own migrations. `stop()` stops every process, drops
 * the database and removes the Redis keys. Each stack has its own redis-server (own-redis.ts), so
 * that Redis's CPU per operation can be counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { KNOWN_ENV_VARS } from '@pog/common/server';
import { appEntry, appNodeArgs, deleteRedisKeys, freePort, repoRoot, startServer, type ServerProcess } from './processes';
import { ownRedisAvailable, startOwnRedis, type OwnRedis } from './own-redis';
import { LOCAL_POSTGRES } from './scratch-db';

export const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export interface Stack {
  label: string;
  gateways: ServerProcess[];
  /** A client on the stack's database, for seeding and reading back. */
  db: pg.Pool;
  sessionSecret: string;
  /** Process ids of every gateway and worker (for memory readings). */
  pids(): number[];
  /** The stack's own redis-server (own-redis.ts), unless the shared Redis is used (BENCH_SHARED_REDIS=1). */
  redis: OwnRedis | undefined;
  stop(): Promise<void>;
}

export interface StackOptions {
  label: string;
  root?: string;
  gateways: number;
  /** Worker-only processes (SERVICES=worker). With none, the gateways process jobs themselves. */
  workers: number;
  nodeEnv?: 'development' | 'production';
}

/** A worker-only process has no HTTP port: it is ready when it says so. */
function startWorker(root: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-worker-'));
  const child = spawn(process.execPath, appNodeArgs([appEntry(root)]), {
    cwd: root,
    env: { ...env, SERVICES: 'worker', DATA_DIR: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
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

export async function startStack(options: StackOptions): Promise<Stack> {
  const root = options.root ?? repoRoot;
  const dbName = `bench_stack_${randomBytes(4).toString('hex')}`;
  const prefix = `bench_${randomBytes(4).toString('hex')}`;
  const sessionSecret = randomBytes(24).toString('base64url');
  const admin = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const db = new pg.Pool({ connectionString: `${LOCAL_POSTGRES}/${dbName}`, max: 4 });
  // pool.end() resolves before its sockets have closed: the forced drop in stop() may terminate one
  // mid-close, and an 'error' nobody listens to would end the run after its figures were printed.
  db.on('error', () => undefined);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-stack-'));
  const redis = ownRedisAvailable() ? await startOwnRedis() : undefined;
  const redisUrl = redis?.url ?? LOCAL_REDIS;
  const gateways: ServerProcess[] = [];
  const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
  const stop = async () => {
    await Promise.all([...gateways.map((g) => g.stop()), ...workers.map((w) => w.stop())]);
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    if (redis) await redis.stop();
    else await deleteRedisKeys(LOCAL_REDIS, prefix);
  };
  try {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of KNOWN_ENV_VARS) delete env[name];
    Object.assign(env, {
      NODE_ENV: options.nodeEnv ?? 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `${LOCAL_POSTGRES}/${dbName}`,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: sessionSecret,
      // Each simulated player presents its own address, so per-address limits apply per player.
      TRUST_PROXY: 'true',
    });
    const services = options.workers > 0 ? { SERVICES: 'gateway' } : {};
    // One after the other: the first applies the migrations.
    for (let i = 0; i < options.gateways; i++) {
      const port = await freePort();
      gateways.push(await startServer({ name: `${options.label} gateway ${i + 1}`, args: [appEntry(root)], env: { ...env, ...services, PORT: String(port) }, port, healthPath: '/healthz', root }));
    }
    for (let i = 0; i < options.workers; i++) workers.push(await startWorker(root, env));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    label: options.label,
    gateways,
    db,
    sessionSecret,
    pids: () => [...gateways.map((g) => g.child.pid!), ...workers.map((w) => w.child.pid!)],
    redis,
    stop,
  };
}
