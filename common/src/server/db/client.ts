/**
 * Opens the database: a PostgreSQL server when a URL is given, else PGlite (PostgreSQL in WASM)
 * with its files in a folder, or in memory for tests. Both are driven through the same Drizzle API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Runs a script of several statements in one transaction while holding `lockKey` (an advisory lock). */
  execScriptLocked(lockKey: string, run: (exec: (sql: string) => Promise<unknown>) => Promise<void>): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... for a server. */
  url?: string | undefined;
  /** PGlite folder; 'memory://' keeps it in memory. */
  pgliteDir?: string;
  /** Pool size for the server (default 10). */
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? 'memory://');
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async execScriptLocked(lockKey, run) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
        await run((text) => client.query(text));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string): Promise<Database> {
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // A folder is one process's at a time (two corrupt it): refused here, before anything is read.
  const lock = inMemory ? undefined : acquireDataDirLock(`${path.resolve(dir)}.lock`);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    async execScriptLocked(lockKey, run) {
      await client.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
        await run((text) => tx.exec(text));
      });
    },
    async ping() {
      if (closed) return false;
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
