/**
 * The app in one of its shapes, from this tree or another one (a `--baseline` revision), with what a
 * benchmark's `seed` wrote. Distributed: gateway processes and worker processes on one scratch
 * PostgreSQL database (empty: the first gateway applies its tree's migrations) and a redis-server of
 * the stack's own. Embedded: one process, PGlite, in-process jobs. stop() stops every process and
 * removes the database and the Redis server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@pog/domain/db';
import { startOwnRedis } from './own-redis';
import { appEnv, startAppProcess, type ServerProcess } from './processes';
import { emptyDatabase, seededApp, type Queryable } from './scratch-db';
import { queryableOf } from './seed-sql';

export type Shape = 'distributed' | 'embedded';

export interface Running<T> {
  label: string;
  /** The gateways' URLs and process ids (one embedded: the app's). */
  urls: string[];
  pids: number[];
  /** The database's URL, distributed only (an embedded PGlite is the app's alone). */
  url?: string;
  seeded: T;
  stop(): Promise<void>;
}

/** Distributed: `gateways` gateways (1) and `workers` workers (1; with 0 the gateways process jobs), seeded while they run. */
export async function startShape<T>(
  shape: Shape,
  options: { label: string; root?: string; gateways?: number; workers?: number },
  seed: (db: Queryable, sessionSecret: string, database: Database) => Promise<T>,
): Promise<Running<T>> {
  const sessionSecret = randomBytes(24).toString('base64url');
  if (shape === 'embedded') {
    const { app, seeded, stop } = await seededApp('pglite', { label: 'embedded', root: options.root, sessionSecret }, (db, database) => seed(db, sessionSecret, database));
    return { label: options.label, urls: [app.url], pids: [app.child.pid!], seeded, stop };
  }
  const scratch = await emptyDatabase('stack');
  const redis = await startOwnRedis();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-stack-'));
  const servers: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const env = appEnv({ DATABASE_URL: scratch.url, REDIS_URL: redis.url, SESSION_SECRET: sessionSecret, DATA_DIR: dataDir });
    const workers = options.workers ?? 1;
    // One after the other: the first applies the migrations. A worker process answers health probes on its port.
    for (let i = 1; i <= (options.gateways ?? 1); i++) servers.push(await startAppProcess(`${options.label} gateway ${i}`, { ...env, ...(workers > 0 ? { SERVICES: 'gateway' } : {}) }, options.root));
    const gateways = [...servers];
    for (let i = 1; i <= workers; i++) servers.push(await startAppProcess(`${options.label} worker ${i}`, { ...env, SERVICES: 'worker' }, options.root));
    const database = await openDatabase({ url: scratch.url, poolSize: 2 });
    const seeded = await seed(queryableOf(database), sessionSecret, database).finally(() => database.close());
    return { label: options.label, urls: gateways.map((g) => g.url), pids: gateways.map((g) => g.child.pid!), url: scratch.url, seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
