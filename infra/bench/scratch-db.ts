/**
 * The databases benchmarks run on, removed when they end: scratch PostgreSQL databases named
 * `bench_<label>_<random>` on the local server (trust auth), or PGlite folders.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@pog/domain/db';
import { startApp, type AppOptions, type ServerProcess } from './processes';
import { queryableOf } from './seed-sql';

/** What seeding needs of a database: a pg client or pool, or PGlite (both answer `{ rows }`). */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** The PostgreSQL server of the scratch databases (BENCH_POSTGRES_URL: another one, e.g. a private server). */
export const LOCAL_POSTGRES = (process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** An empty scratch database (the app applies its own migrations); drop() ends its connections and drops it. */
export async function emptyDatabase(label: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  return { name, url: `${LOCAL_POSTGRES}/${name}`, drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export type DatabaseKind = 'postgres' | 'pglite';
export const KIND_LABELS: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'embedded (PGlite)' };

/**
 * The app (one process, in-process jobs) on a database of its own that `seed` filled: a scratch
 * PostgreSQL database, or PGlite in its DATA_DIR. The app starts once to apply its migrations and is
 * stopped while `seed` writes (a PGlite folder is one process's at a time), then starts again.
 * stop() stops it and removes the database.
 */
export async function seededApp<T>(
  kind: DatabaseKind,
  options: AppOptions & { label: string },
  seed: (db: Queryable, database: Database) => Promise<T>,
): Promise<{ app: ServerProcess; seeded: T; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pog-bench-${options.label}-`));
  const scratch = kind === 'postgres' ? await emptyDatabase(options.label) : undefined;
  const appOptions = { ...options, dataDir, databaseUrl: scratch?.url };
  const remove = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  };
  try {
    await (await startApp(appOptions)).stop();
    const database = await openDatabase(scratch ? { url: scratch.url, poolSize: 2 } : { pgliteDir: path.join(dataDir, 'pglite') });
    let seeded: T;
    try {
      seeded = await seed(queryableOf(database), database);
    } finally {
      await database.close();
    }
    const app = await startApp(appOptions);
    return { app, seeded, stop: async () => (await app.stop(), await remove()) };
  } catch (error) {
    await remove();
    throw error;
  }
}
