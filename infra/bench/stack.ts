/**
 * The app as a benchmark runs it, from this tree or another one (a `--baseline` revision), with what
 * the benchmark's `seed` wrote, all removed when the run ends: its processes stopped, its scratch
 * PostgreSQL databases (`bench_<label>_<random>` on the local server, trust auth) dropped, its
 * redis-server stopped, its folders removed.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '@pog/domain/db';
import { allStats, startApp, startRedis, tempDir, treeCpuMs, type ServerProcess } from './processes';
import type { Defer } from './rounds';
import { queryableOf } from './seed-sql';

/** What seeding needs of a database: a pg client or pool, or PGlite (both answer `{ rows }`). */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** A benchmark's writes before it runs, given the database (also as the app's handle) and the app's session secret. */
export type Seed<T> = (db: Queryable, sessionSecret: string, database: Database) => Promise<T>;

/** The PostgreSQL server of the scratch databases (BENCH_POSTGRES_URL: another one, e.g. a private server). */
const LOCAL_POSTGRES = (process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  await admin.connect();
  await admin.query(statement).finally(() => admin.end());
}

/** An empty scratch database's URL (the app applies its own migrations), dropped with its connections when the run ends. */
export async function emptyDatabase(label: string, defer: Defer): Promise<string> {
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  defer(() => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return `${LOCAL_POSTGRES}/${name}`;
}

async function seedOn<T>(options: DatabaseOptions, sessionSecret: string, seed: Seed<T>): Promise<T> {
  const database = await openDatabase(options);
  return seed(queryableOf(database), sessionSecret, database).finally(() => database.close());
}

export type DatabaseKind = 'postgres' | 'pglite';
export const KIND_LABELS: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'embedded (PGlite)' };

type StartOptions = { label: string; root?: string; defer: Defer };

/**
 * The app (one process, in-process jobs) on a database of its own that `seed` filled: a scratch
 * PostgreSQL database, or PGlite in its DATA_DIR. The app starts once to apply its migrations and is
 * stopped while `seed` writes (a PGlite folder is one process's at a time), then starts again.
 */
export async function seededApp<T>(kind: DatabaseKind, { label, root, defer }: StartOptions, seed: Seed<T>): Promise<{ readonly app: ServerProcess; seeded: T; restart(): Promise<ServerProcess> }> {
  const env = { DATA_DIR: tempDir(`pog-bench-${label}-`, defer), SESSION_SECRET: randomBytes(24).toString('base64url') };
  const url = kind === 'postgres' ? await emptyDatabase(label, defer) : undefined;
  const appEnv = url ? { ...env, DATABASE_URL: url } : env;
  await (await startApp(label, appEnv, root)).stop();
  const seeded = await seedOn(url ? { url, poolSize: 2 } : { pgliteDir: path.join(env.DATA_DIR, 'pglite') }, env.SESSION_SECRET, seed);
  let app = await startApp(label, appEnv, root);
  defer(() => app.stop());
  /** The app stopped and started again on the same data: nothing kept in its memory (pages, caches) outlives it. */
  const restart = async () => {
    await app.stop();
    app = await startApp(label, appEnv, root);
    return app;
  };
  // `app` is the running one, after a restart too.
  return { get app() { return app; }, seeded, restart };
}

export type Shape = 'distributed' | 'embedded';

export interface Running<T> {
  label: string;
  /** The gateways' URLs and process ids (one embedded: the app's). */
  urls: string[];
  pids: number[];
  /** The worker processes' ids and the redis-server's, distributed only. */
  workerPids?: number[];
  redisPid?: number;
  /** The database's URL, distributed only (an embedded PGlite is the app's alone). */
  url?: string;
  seeded: T;
}

/** The ids of the PostgreSQL backends connected to the database at `url` now. */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sql = 'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
  const { rows } = await client.query<{ pid: number }>(sql).finally(() => client.end());
  return rows.map((row) => row.pid);
}

/** CPU milliseconds by part of a running shape: its app processes, its database's backends, its redis-server, and this process (the clients). */
export type CpuByPart = Record<'app' | 'postgres' | 'redis' | 'client', number>;

/**
 * Starts counting the CPU each part of `running` spends; the function returned gives the
 * milliseconds since. A PostgreSQL backend that connected meanwhile counts whole; the server's own
 * background processes are shared and left out.
 */
export async function cpuMeter(running: Running<unknown>): Promise<() => Promise<CpuByPart>> {
  const appPids = [...running.pids, ...(running.workerPids ?? [])];
  const read = async () => {
    const backends = running.url ? await backendPids(running.url) : [];
    const stats = allStats();
    return {
      app: treeCpuMs(appPids, stats),
      redis: running.redisPid ? treeCpuMs([running.redisPid], stats) : 0,
      backends: new Map(backends.map((pid) => [pid, treeCpuMs([pid], stats)])),
    };
  };
  const before = await read();
  const clientBefore = process.cpuUsage();
  return async () => {
    const client = process.cpuUsage(clientBefore);
    const after = await read();
    let postgres = 0;
    for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
    return { app: after.app - before.app, postgres, redis: after.redis - before.redis, client: (client.user + client.system) / 1000 };
  };
}

/**
 * The app distributed: `gateways` gateway processes (1) and `workers` worker processes (1; with 0 the
 * gateways process jobs) on one scratch database (the first gateway applies its tree's migrations) and
 * a redis-server of its own, seeded while they run; or embedded: one process, PGlite, in-process jobs.
 */
export async function startShape<T>(shape: Shape, options: StartOptions & { gateways?: number; workers?: number }, seed: Seed<T>): Promise<Running<T>> {
  const { label, root, defer } = options;
  if (shape === 'embedded') {
    const { app, seeded } = await seededApp('pglite', { label: 'embedded', root, defer }, seed);
    return { label, urls: [app.url], pids: [app.child.pid!], seeded };
  }
  const url = await emptyDatabase('stack', defer);
  const sessionSecret = randomBytes(24).toString('base64url');
  const redis = await startRedis(defer);
  const env = { DATABASE_URL: url, REDIS_URL: redis.url, SESSION_SECRET: sessionSecret, DATA_DIR: tempDir('pog-bench-stack-', defer) };
  const start = async (name: string, services?: string) => {
    const server = await startApp(`${label} ${name}`, services ? { ...env, SERVICES: services } : env, root);
    defer(server.stop);
    return server;
  };
  const workers = options.workers ?? 1;
  // One after the other: the first applies the migrations. A worker process answers health probes on its port.
  const gateways: ServerProcess[] = [];
  for (let i = 1; i <= (options.gateways ?? 1); i++) gateways.push(await start(`gateway ${i}`, workers > 0 ? 'gateway' : undefined));
  const workerPids: number[] = [];
  for (let i = 1; i <= workers; i++) workerPids.push((await start(`worker ${i}`, 'worker')).child.pid!);
  const seeded = await seedOn({ url, poolSize: 2 }, sessionSecret, seed);
  return { label, urls: gateways.map((g) => g.url), pids: gateways.map((g) => g.child.pid!), workerPids, redisPid: redis.pid, url, seeded };
}
