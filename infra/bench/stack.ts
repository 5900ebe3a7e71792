/**
 * The distributed shape of the app: gateway processes and worker processes on one scratch PostgreSQL
 * database and a redis-server of the stack's own, from this tree or another one (a `--baseline`
 * revision). The database starts empty: the first gateway applies its tree's migrations. stop()
 * stops every process and removes the database and the Redis server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startOwnRedis } from './own-redis';
import { appEnv, startAppProcess, type ServerProcess } from './processes';
import { emptyDatabase, seededApp, type Queryable } from './scratch-db';

export interface Stack {
  gateways: ServerProcess[];
  /** The stack's database, and a pool on it for seeding and baselines. */
  url: string;
  db: pg.Pool;
  sessionSecret: string;
  stop(): Promise<void>;
}

export async function startStack(options: { label: string; root?: string; gateways: number; workers: number }): Promise<Stack> {
  const database = await emptyDatabase('stack');
  const redis = await startOwnRedis();
  const db = new pg.Pool({ connectionString: database.url, max: 8 });
  // pool.end() resolves before its sockets close: the forced drop may cut one mid-close.
  db.on('error', () => undefined);
  const sessionSecret = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-stack-'));
  const gateways: ServerProcess[] = [];
  const workers: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all([...gateways, ...workers].map((server) => server.stop()));
    await db.end();
    await database.drop();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const env = appEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url, SESSION_SECRET: sessionSecret, DATA_DIR: dataDir });
    // With worker processes the gateways only serve; without, they process jobs too.
    const gatewayServices = options.workers > 0 ? { SERVICES: 'gateway' } : {};
    // One after the other: the first applies the migrations. A worker process answers health probes on its port.
    for (let i = 1; i <= options.gateways; i++) gateways.push(await startAppProcess(`${options.label} gateway ${i}`, { ...env, ...gatewayServices }, options.root));
    for (let i = 1; i <= options.workers; i++) workers.push(await startAppProcess(`${options.label} worker ${i}`, { ...env, SERVICES: 'worker' }, options.root));
  } catch (error) {
    await stop();
    throw error;
  }
  return { gateways, url: database.url, db, sessionSecret, stop };
}

export type Shape = 'distributed' | 'embedded';

export interface Running<T> {
  label: string;
  /** The gateways' URLs (one embedded). */
  urls: string[];
  /** The database and a pool on it, distributed only (an embedded PGlite is the app's alone). */
  url?: string;
  db?: pg.Pool;
  seeded: T;
  stop(): Promise<void>;
}

/**
 * The app in one shape, with what `seed` wrote: distributed (PostgreSQL, Redis, `gateways` gateway
 * processes and one worker process; none with `workers: 0`, the gateways then process jobs) or
 * embedded (one process, PGlite, in-process jobs; seeded while it is stopped).
 */
export async function startShape<T>(
  shape: Shape,
  options: { label: string; root?: string; gateways?: number; workers?: number },
  seed: (db: Queryable, sessionSecret: string) => Promise<T>,
): Promise<Running<T>> {
  if (shape === 'embedded') {
    const sessionSecret = randomBytes(24).toString('base64url');
    const { app, seeded, stop } = await seededApp('pglite', { label: 'embedded', root: options.root, sessionSecret }, (db) => seed(db, sessionSecret));
    return { label: options.label, urls: [app.url], seeded, stop };
  }
  const stack = await startStack({ label: options.label, root: options.root, gateways: options.gateways ?? 1, workers: options.workers ?? 1 });
  try {
    return { label: options.label, urls: stack.gateways.map((g) => g.url), url: stack.url, db: stack.db, seeded: await seed(stack.db, stack.sessionSecret), stop: stack.stop };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
