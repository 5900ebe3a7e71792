/**
 * Scratch PostgreSQL databases for benchmarks: created on the local server (trust auth), migrated
 * with the app's own migrations, filled in bulk, and dropped when the benchmark ends.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { chunkColumns, migrate, openDatabase, type Database } from '@pog/common/server';

/** What seeding needs of a database: a pg client or pool, or PGlite (both answer `{ rows }`). */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * The PostgreSQL server benchmarks make their scratch databases on (no database in the URL):
 * BENCH_POSTGRES_URL, e.g. a private server started with pg_stat_statements for profiling.
 */
export const LOCAL_POSTGRES = (process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

export interface ScratchDatabase {
  name: string;
  url: string;
  /** The app's database handle (Drizzle over a small pool), migrated. */
  database: Database;
  /** A plain client for bulk inserts and EXPLAIN. */
  client: pg.Client;
  drop(): Promise<void>;
  /** Closes the connections and leaves the database there (for `--reuse`). */
  close(): Promise<void>;
}

/** `<prefix>_<label>_<random>`, the prefix from BENCH_DB_PREFIX (default `bench`). */
export function scratchDatabaseName(label: string): string {
  const prefix = process.env.BENCH_DB_PREFIX ?? 'bench';
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(prefix)) throw new Error(`BENCH_DB_PREFIX must be lower-case letters, digits and _ (got ${prefix})`);
  return `${prefix}_${label}_${randomBytes(4).toString('hex')}`;
}

/**
 * Creates and migrates `<prefix>_<label>_<random>` (prefix: BENCH_DB_PREFIX, default `bench`, e.g.
 * to keep a shared server's scratch databases apart); `drop()` closes every connection and drops it.
 */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = scratchDatabaseName(label);
  const url = `${LOCAL_POSTGRES}/${name}`;
  const admin = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url, poolSize: 4 });
  const client = new pg.Client({ connectionString: url });
  const close = async () => {
    await client.end().catch(() => undefined);
    await database.close().catch(() => undefined);
  };
  const drop = async () => {
    await close();
    // pg's pool.end() resolves before its sockets have closed; forcing the drop at once would
    // terminate them mid-close and make the pool report errors. Wait (briefly) for them to go.
    for (let tries = 0; tries < 40; tries++) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await client.connect();
    await migrate(database);
  } catch (error) {
    await drop();
    throw error;
  }
  // Kept (`--keep`): the connections close, the admin one too, or the process would not end.
  const keep = async () => {
    await close();
    await admin.end().catch(() => undefined);
  };
  return { name, url, database, client, drop, close: keep };
}

/** A scratch database a run kept (`--keep`): migrated again (a no-op unless new migrations came), never dropped. */
export async function openScratchDatabase(name: string): Promise<ScratchDatabase> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a database name: ${name}`);
  const url = `${LOCAL_POSTGRES}/${name}`;
  const database = await openDatabase({ url, poolSize: 4 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await migrate(database);
  const close = async () => {
    await client.end().catch(() => undefined);
    await database.close().catch(() => undefined);
  };
  return { name, url, database, client, close, drop: close };
}

/** Inserts `count` players named bench_user_<n>; returns their ids, in order. */
export async function seedUsers(client: Queryable, count: number, prefix = 'bench_user_'): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (username, display_name, password_hash)
     SELECT $2::text || g, 'Bench user ' || g, 'not-a-real-hash'
     FROM generate_series(1, $1::int) AS g
     RETURNING id`,
    [count, prefix],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const BATCH = 20_000;

/**
 * Inserts one POG per entry of `hashes` (null: no image), owned and designed by the given users in
 * turn, scored, with points spread over 0..2,999 and `rejectedShare` of them rejected by a
 * moderator. Ids ascend in array order. Rows go in 20,000 at a time through unnest() of arrays.
 */
export async function seedPogs(client: Queryable, options: { userIds: readonly number[]; hashes: readonly (string | null)[]; rejectedShare?: number }): Promise<void> {
  const { userIds, hashes } = options;
  for (let start = 0; start < hashes.length; start += BATCH) {
    const slice = hashes.slice(start, start + BATCH);
    const chunks = slice.map(chunkColumns);
    const owners = slice.map((_, i) => userIds[(start + i) % userIds.length]!);
    await client.query(
      `INSERT INTO pogs (user_id, creator_id, name, text_content, image_hash, hash_c0, hash_c1, hash_c2, hash_c3, image_detail,
                         rarity, score, points, harmony, uniqueness, complexity, scored_version, scored_at,
                         max_trades, trades_remaining, moderation_status, created_at)
       SELECT owner, owner, 'Bench POG ' || (n + $7::int), 'POG ' || (n + $7::int), hash, c0, c1, c2, c3,
              CASE WHEN hash IS NULL THEN NULL ELSE random() END,
              CASE WHEN pts < 1500 THEN 'common' WHEN pts < 2200 THEN 'uncommon' WHEN pts < 2600 THEN 'rare' WHEN pts < 2900 THEN 'epic' ELSE 'legendary' END,
              pts / 30.0, pts, 50, 50, 50, 1, now(), 15, 15,
              CASE WHEN random() < $8::float8 THEN 'rejected' ELSE 'none' END,
              now() - make_interval(secs => ($9::int - n - $7::int))
       FROM (
         SELECT owner, hash, c0, c1, c2, c3, n, floor(random() * 3000)::int AS pts
         FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[]) WITH ORDINALITY AS t(owner, hash, c0, c1, c2, c3, n)
       ) AS rows
       ORDER BY n`,
      [
        owners,
        slice,
        chunks.map((c) => c.hashC0),
        chunks.map((c) => c.hashC1),
        chunks.map((c) => c.hashC2),
        chunks.map((c) => c.hashC3),
        start,
        options.rejectedShare ?? 0,
        hashes.length,
      ],
    );
  }
  await client.query('VACUUM ANALYZE pogs');
  await client.query('ANALYZE users');
}

/** Repeatable randomness, so two runs measure the same data (the test corpora's generator). */
export { seededRandom } from '../../common/src/server/testing/images';
