/**
 * Opens the database: a PostgreSQL server when a URL is given, else PGlite (PostgreSQL in WASM)
 * with its files in a folder, or in memory for tests. Both are driven through the same Drizzle API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { acquireDataDirLock } from './data-dir-lock';
import { loadNodePg } from './node-pg';
import { isInitialised, pgliteOptions } from './pglite-memory';
import { createDataDir } from './pglite-seed';
import { openPgliteThread, type EmbeddedClient } from './pglite-thread';
import { silentLogger, type Logger } from '../logging/logger';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * A connection of the relay's own: LISTEN for the outbox's notifications and, on PostgreSQL, keep the
 * sequencer's lease (outbox/sequencer-lease.ts) on a connection no request queues in front of. On
 * PGlite it is the embedded database itself (one process, which is always the sequencer).
 */
export interface DatabaseListener {
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  /** Runs one statement on this connection; its rows. */
  query(text: string, values: unknown[]): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** A fresh Drizzle handle on the same connections (each app in a process gets its own; see outbox hooks). */
  handle(): Db;
  /** Opens a listener; `lost` is called once if its connection goes away (open another then). */
  connectListener(lost: (error: Error) => void): Promise<DatabaseListener>;
  /** Where the database lives, for log lines ("PostgreSQL at 127.0.0.1:5432"), never with a password. */
  readonly description: string;
  /** Runs a script of several statements in one transaction while holding `lockKey` (an advisory lock). */
  execScriptLocked(lockKey: string, run: (exec: (sql: string) => Promise<unknown>) => Promise<void>): Promise<void>;
  ping(): Promise<boolean>;
  /** Connections of the pool now (metrics); PGlite is one connection, always in use. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections checked out by a query or transaction. */
  inUse: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** postgres://... for a server. */
  url?: string | undefined;
  /** PGlite folder; 'memory://' keeps it in memory. */
  pgliteDir?: string;
  /**
   * A PGlite data directory to start from (a tarball from `dumpDataDir`), instead of an empty
   * cluster: tests start from one already migrated, which skips initdb.
   */
  pgliteTemplate?: Blob;
  /**
   * Runs PGlite in a worker thread of its own (pglite-thread.ts), so that a heavy query does not stall
   * this thread's requests and sockets: what the server does. Not with `pgliteTemplate`.
   */
  pgliteThread?: boolean;
  /** Where a new PGlite folder's seed is looked for and kept (pglite-seed.ts); by default node_modules/.cache. */
  pgliteSeeds?: string;
  /** Pool size for the server (default 10). */
  poolSize?: number;
  /** Where connection trouble is reported (once when lost, once when back). */
  log?: Logger;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return await openPostgres(options.url, options.poolSize ?? 10, options.log ?? silentLogger);
  return openPglite(options.pgliteDir ?? 'memory://', options.pgliteTemplate, options.pgliteThread === true, options.pgliteSeeds);
}

async function openPostgres(url: string, max: number, log: Logger): Promise<Database> {
  const { pg, drizzle } = await loadNodePg();
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  const description = describePostgres(url);
  // When PostgreSQL goes away every idle client reports it: one line when it is lost, one when a
  // connection is made again. An idle client's error must not crash the process; the pool replaces it.
  let down = false;
  const lost = (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ component: 'db', err: error.message }, `cannot reach ${description}; reconnecting on demand`);
  };
  pool.on('error', lost);
  // A client checked out of the pool has no listener of the pool's: if its connection is cut then
  // (between a transaction's statements, or as a failing query ends) it would emit 'error' on nobody,
  // which ends the process. The statement in flight, or the next one, fails instead (a 503), and the
  // pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', lost));
  const back = () => {
    if (!down) return;
    down = false;
    log.info({ component: 'db' }, `connected to ${description} again`);
  };
  pool.on('connect', back);
  const handle = () => drizzle.drizzle({ client: pool, schema }) as unknown as Db;
  const db = handle();
  return {
    kind: 'postgres',
    db,
    handle,
    description,
    async connectListener(onLost) {
      const client = new pg.Client({ connectionString: url });
      const handlers = new Map<string, (payload: string) => void>();
      let gone = false;
      const listenerLost = (error: Error) => {
        if (gone) return;
        gone = true;
        onLost(error);
      };
      client.on('error', listenerLost);
      client.on('end', () => listenerLost(new Error('the listener connection ended')));
      client.on('notification', (message) => handlers.get(message.channel)?.(message.payload ?? ''));
      await client.connect();
      return {
        async listen(channel, handler) {
          handlers.set(channel, handler);
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        },
        async query(text, values) {
          return (await client.query<Record<string, unknown>>(text, values)).rows;
        },
        async close() {
          gone = true;
          await client.end().catch(() => undefined);
        },
      };
    },
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
        back();
        return true;
      } catch (error) {
        lost(error instanceof Error ? error : new Error(String(error)));
        return false;
      }
    },
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, template: Blob | undefined, thread: boolean, seeds: string | undefined): Promise<Database> {
  if (thread && template) throw new Error('a PGlite template opens in this thread only');
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // A folder is one process's at a time (two corrupt it): refused here, before anything is read.
  const lock = inMemory ? undefined : acquireDataDirLock(`${path.resolve(dir)}.lock`);
  let client: EmbeddedClient;
  try {
    // A test's copy of a migrated template needs no initdb; a new folder is a copy of the seed, or
    // made in a process of its own.
    if (!template && !inMemory && !isInitialised(dir)) await createDataDir(dir, seeds);
    if (thread) client = await openPgliteThread(dir);
    else client = await PGlite.create(dir, template ? { ...pgliteOptions(), loadDataDir: template } : pgliteOptions());
  } catch (error) {
    lock?.release();
    throw error;
  }
  const where = inMemory ? 'PGlite in memory' : `PGlite in ${dir}`;
  return pgliteDatabase(client, thread ? `${where} (own thread)` : where, () => lock?.release());
}

/** The Database over an open PGlite (or its thread's client); `released` runs once it is closed. */
export function pgliteDatabase(client: EmbeddedClient, description: string, released: () => void = () => undefined): Database {
  // Drizzle's PGlite driver calls query and transaction only, which the thread's client offers too.
  const handle = () => drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  const db = handle();
  let closed = false;
  return {
    kind: 'pglite',
    db,
    handle,
    description,
    async connectListener() {
      const unsubscribes: Array<() => Promise<void>> = [];
      return {
        async listen(channel, handler) {
          unsubscribes.push(await client.listen(channel, handler));
        },
        async query(text, values) {
          return (await client.query<Record<string, unknown>>(text, values)).rows;
        },
        async close() {
          if (closed) return;
          for (const unsubscribe of unsubscribes.splice(0)) await unsubscribe().catch(() => undefined);
        },
      };
    },
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
    poolStats: () => ({ inUse: closed ? 0 : 1, idle: 0, waiting: 0, max: 1 }),
    async close() {
      closed = true;
      try {
        await client.close();
      } finally {
        released();
      }
    },
  };
}

/** host:port/database of a PostgreSQL URL, without credentials. */
function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
