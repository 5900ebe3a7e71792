/**
 * A PostgreSQL database of a test's own, beside TEST_DATABASE_URL's shared one: for tests that cut
 * connections, run global sweeps, or need the whole table to themselves.
 */
import pg from 'pg';
import { migrate } from '../db/migrate';
import { openDatabase, type Database } from '../db/client';

let privateDatabases = 0;

/** A database of a test's own (see privatePostgresDatabase), which the test may cut off or drop. */
export interface PrivateDatabase extends Database {
  /** Its name on the server. */
  readonly name: string;
  /** A URL that reaches it (for a process of its own: DATABASE_URL). */
  readonly url: string;
  /**
   * Ends every connection to this database, as a failover or an operator would
   * (pg_terminate_backend: 57P01 to each); the others on the server are never touched. Resolves
   * with how many were ended, once they are gone.
   */
  dropConnections(): Promise<number>;
}

/**
 * A database of its own for a test file that runs the global sweeps (expiries): on the shared
 * PostgreSQL database, a sweep at one file's manual clock would expire the open trades and battles
 * of files running alongside it. Created next to TEST_DATABASE_URL's database (named after it, so
 * CI can drop leftovers) and migrated; `close()` drops it. PGlite needs none: each test process has
 * its own instance and runs its files one after another.
 */
export async function privatePostgresDatabase(): Promise<PrivateDatabase> {
  const base = new URL(testDatabaseUrl());
  const name = `${base.pathname.slice(1)}_own_${process.pid}_${++privateDatabases}`;
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`Cannot make a database name from ${base.pathname}`);
  const admin = async <T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      return (await client.query<T>(statement, values)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await migrate(database);
  return {
    ...database,
    name,
    url: url.toString(),
    dropConnections: async () => {
      // In the select list, the call runs only for the rows the WHERE kept: this database's.
      const ended = await admin<{ pid: number; ended: boolean }>(
        'SELECT pid, pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      const pids = ended.filter((row) => row.ended).map((row) => row.pid);
      for (let tries = 0; tries < 100; tries++) {
        const [row] = await admin<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids]);
        if (row?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return pids.length;
    },
    close: async () => {
      await database.close();
      // The pool's sockets close just after end() resolves; dropping at once would cut them off
      // mid-close (and the pool would log errors), so give them a moment.
      for (let tries = 0; tries < 40; tries++) {
        const [row] = await admin<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (row?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function testDatabaseUrl(): string {
  const value = process.env.TEST_DATABASE_URL;
  if (!value) throw new Error('TEST_DATABASE_URL is not set');
  return value;
}
