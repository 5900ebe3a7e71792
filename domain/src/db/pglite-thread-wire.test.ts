import type { QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDirFromTemplate } from '../testing/pglite-template';
import { openPgliteThread, type EmbeddedClient } from './pglite-thread';

/**
 * The one-trip path (pglite-thread-wire.mjs, its answers read by pglite-wire-rows.ts) against
 * PGlite's own `query` in the same thread: the same statements on two databases give the same
 * results, errors and notifications.
 */
describe('PGlite thread: statements in one trip', () => {
  let wire: EmbeddedClient;
  let plain: EmbeddedClient;
  const setup = `
    CREATE TYPE mood AS ENUM ('calm', 'wild');
    CREATE TABLE wire_items (
      id int PRIMARY KEY, big bigint, amount numeric(10, 2), ratio real, ok boolean, doc jsonb, raw json,
      at timestamptz, day date, tags text[], scores int[], moods mood[], blob bytea, name text NOT NULL DEFAULT 'x',
      CONSTRAINT wire_items_ratio CHECK (ratio IS NULL OR ratio >= 0)
    );
    CREATE UNIQUE INDEX wire_items_name ON wire_items (name) WHERE name <> 'x';`;
  // Each in a copy of the migrated template (no initdb); the tables here are the test's own.
  const folders: Array<{ remove(): void }> = [];
  beforeAll(async () => {
    const [wireDir, plainDir] = await Promise.all([pgliteDirFromTemplate(), pgliteDirFromTemplate()]);
    folders.push(wireDir, plainDir);
    [wire, plain] = await Promise.all([openPgliteThread(wireDir.dir, { wire: true }), openPgliteThread(plainDir.dir, { wire: false })]);
    await Promise.all([wire.exec(setup), plain.exec(setup)]);
  }, 60_000);
  afterAll(async () => {
    await wire?.close();
    await plain?.close();
    for (const folder of folders) folder.remove();
  });

  const outcomes = (sql: string, params: unknown[], options: QueryOptions) =>
    Promise.all([wire, plain].map((client) => client.query<Record<string, unknown>>(sql, params, options).then((result) => ({ result }), (error: unknown) => ({ error }))));

  /** Runs the statement on both, expects it to succeed with the same result on both; returns it. */
  const same = async (sql: string, params: unknown[] = [], options: QueryOptions = {}) => {
    const [a, b] = await outcomes(sql, params, options);
    if (!('result' in a!)) throw a!.error;
    expect(a).toEqual(b);
    return a.result;
  };

  /** An error's message and its own plain fields (what crosses the thread). */
  const fieldsOf = (e: unknown) => (e instanceof Error ? { message: e.message, ...Object.fromEntries(Object.entries(e).filter(([, v]) => v === null || typeof v !== 'object')) } : e);

  /** Runs the statement on both, expects it to fail with the same error on both. */
  const sameError = async (sql: string, params: unknown[] = []) => {
    const [a, b] = await outcomes(sql, params, {});
    if (!('error' in a!) || !('error' in b!)) throw new Error(`${sql} did not fail on both`);
    expect(fieldsOf(a.error)).toEqual(fieldsOf(b.error));
  };

  it('writes parameters and reads every type as PGlite does, twice (the second time from what it learnt)', async () => {
    const row = [1, 9007199254740993n, '12.50', 0.5, true, { a: [1, { b: 'é' }] }, '{"x":1}', new Date('2026-01-02T03:04:05.678Z'), '2026-02-03', ['a', 'b"c', null], [1, 2], '{calm,wild}', new Uint8Array([0, 255, 7]), 'ünï 😀'];
    for (let round = 0; round < 2; round++) {
      const inserted = await same(
        `INSERT INTO wire_items (id, big, amount, ratio, ok, doc, raw, at, day, tags, scores, moods, blob, name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
        [round + 1, ...row.slice(1, -1), `${row.at(-1)} ${round}`],
      );
      expect(inserted.affectedRows).toBe(1);
      expect(inserted.rows).toHaveLength(1);
    }
    const read = await same('SELECT * FROM wire_items ORDER BY id');
    expect(read.rows[0]).toMatchObject({ id: 1, big: 9007199254740993n, ok: true, doc: { a: [1, { b: 'é' }] }, tags: ['a', 'b"c', null], scores: [1, 2] });
    // A type made after the database opened is not among PGlite's parsers: its text, on both.
    expect((read.rows[0] as { moods: unknown }).moods).toBe('{calm,wild}');
    expect((read.rows[0] as { at: Date }).at).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(read.fields.map((f) => f.name)).toContain('moods');
  });

  it('keeps the caller’s parsers and the row mode (Drizzle reads timestamps as text, rows as arrays)', async () => {
    const options: QueryOptions = { rowMode: 'array', parsers: { 1184: (v: string) => v, 1082: (v: string) => v } };
    const result = await same('SELECT at, day, id, NULL::int AS nothing FROM wire_items WHERE id = $1', [1], options);
    expect(result.rows).toEqual([['2026-01-02 03:04:05.678+00', '2026-02-03', 1, null]]);
  });

  it('counts affected rows and answers a statement without rows', async () => {
    expect((await same(`UPDATE wire_items SET ok = $1 WHERE id > $2`, [false, 0])).affectedRows).toBe(2);
    expect(await same(`DELETE FROM wire_items WHERE id = $1`, [99])).toMatchObject({ affectedRows: 0, rows: [], fields: [] });
    expect((await same(`SELECT 1 AS one WHERE false`)).rows).toEqual([]);
  });

  it('carries errors with their fields: unique, check, syntax, bad input, and a bad boolean parameter', async () => {
    await sameError(`INSERT INTO wire_items (id, name) VALUES (1, 'dup')`);
    await sameError(`INSERT INTO wire_items (id, name) VALUES ($1, $2)`, [50, 'ünï 😀 0']);
    await sameError(`INSERT INTO wire_items (id, ratio) VALUES ($1, $2)`, [51, -1]);
    await sameError(`SELEC 1`);
    await sameError(`SELECT $1::int AS n`, ['not a number']);
    await sameError(`SELECT * FROM wire_items WHERE ok = $1`, [2]);
    const error = (await wire.query(`INSERT INTO wire_items (id) VALUES (1)`).catch((e: unknown) => e)) as Record<string, unknown>;
    expect(error).toMatchObject({ code: '23505', constraint: 'wire_items_pkey', table: 'wire_items', severity: 'ERROR' });
    expect(error).toBeInstanceOf(Error);
    // The database is usable after each of them.
    expect((await same('SELECT count(*)::int AS n FROM wire_items')).rows).toEqual([{ n: 2 }]);
  });

  it('runs a transaction’s statements inside it, and rolls them back on failure', async () => {
    for (const client of [wire, plain]) {
      await expect(
        client.transaction(async (tx) => {
          await tx.query(`INSERT INTO wire_items (id) VALUES ($1)`, [300]);
          expect((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wire_items WHERE id = $1`, [300])).rows[0]!.n).toBe(1);
          await tx.query(`INSERT INTO wire_items (id) VALUES ($1)`, [300]);
        }),
      ).rejects.toMatchObject({ code: '23505' });
    }
    expect((await same(`SELECT count(*)::int AS n FROM wire_items WHERE id = $1`, [300])).rows).toEqual([{ n: 0 }]);
  });

  it('delivers notifications once, from a statement on its own and from a transaction’s commit', async () => {
    const payloads: string[] = [];
    const unlisten = await wire.listen('wire_channel', (payload) => payloads.push(payload));
    await wire.query(`SELECT pg_notify('wire_channel', $1)`, ['alone']);
    await wire.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('wire_channel', $1)`, ['committed']);
    });
    await expect.poll(() => payloads).toEqual(['alone', 'committed']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payloads).toEqual(['alone', 'committed']);
    await unlisten();
    await wire.query(`SELECT pg_notify('wire_channel', $1)`, ['after']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payloads).toEqual(['alone', 'committed']);
  });

  it('sees a table changed by a script (what it learnt about a statement is forgotten)', async () => {
    for (const client of [wire, plain]) await client.exec(`CREATE TABLE wire_changing (v int); INSERT INTO wire_changing VALUES (1)`);
    await same(`SELECT v FROM wire_changing WHERE v = $1`, [1]);
    for (const client of [wire, plain]) await client.exec(`ALTER TABLE wire_changing ALTER COLUMN v TYPE jsonb USING to_jsonb(v)`);
    expect((await same(`SELECT v FROM wire_changing WHERE v = $1`, [1])).rows).toEqual([{ v: 1 }]);
  });

  it('runs a named prepared statement: the same rows, again after a failure, a rollback, a script and a new text', async () => {
    const named = (name: string, sql: string, params: unknown[], client: EmbeddedClient = wire) => client.queryPrepared!<Record<string, unknown>>(name, sql, params);
    await wire.exec(`CREATE TABLE wire_named (id int PRIMARY KEY, label text)`);
    const insert = `INSERT INTO wire_named (id, label) VALUES ($1, $2) RETURNING *`;
    expect((await named('wire_insert', insert, [1, 'one'])).rows).toEqual([{ id: 1, label: 'one' }]);
    await expect(named('wire_insert', insert, [1, 'again'])).rejects.toMatchObject({ code: '23505', constraint: 'wire_named_pkey' });
    expect((await named('wire_insert', insert, [2, 'two'])).affectedRows).toBe(1);
    // Prepared inside a transaction that rolls back: still usable after it.
    await expect(
      wire.transaction(async (tx) => {
        await tx.queryPrepared!('wire_count', `SELECT count(*)::int AS n FROM wire_named WHERE id > $1`, [0]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await named('wire_count', `SELECT count(*)::int AS n FROM wire_named WHERE id > $1`, [0])).rows).toEqual([{ n: 2 }]);
    // A script changes the table: the statement is prepared again and reads the new column.
    await wire.exec(`ALTER TABLE wire_named ADD COLUMN extra int DEFAULT 7`);
    expect((await named('wire_all', `SELECT * FROM wire_named WHERE id = $1`, [1])).rows).toEqual([{ id: 1, label: 'one', extra: 7 }]);
    await wire.exec(`ALTER TABLE wire_named DROP COLUMN extra`);
    expect((await named('wire_all', `SELECT * FROM wire_named WHERE id = $1`, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
    // The same name with another text is that text.
    expect((await named('wire_all', `SELECT label FROM wire_named WHERE id = $1`, [2])).rows).toEqual([{ label: 'two' }]);
    // Without the one-trip path the name is ignored: the same rows.
    await plain.exec(`CREATE TABLE wire_named (id int PRIMARY KEY, label text); INSERT INTO wire_named VALUES (1, 'one')`);
    expect((await named('wire_all', `SELECT * FROM wire_named WHERE id = $1`, [1], plain)).rows).toEqual([{ id: 1, label: 'one' }]);
  });

  it('answers a reusable statement again until something is written, then reads it anew', async () => {
    await wire.exec(`CREATE TABLE wire_reused (id int PRIMARY KEY)`);
    // random() shows whether an answer was read again (a real reusable statement has none).
    const text = `SELECT count(*)::int AS n, random() AS r FROM wire_reused WHERE id > $1`;
    const read = async (after: number, inside?: Parameters<Parameters<EmbeddedClient['transaction']>[0]>[0]) =>
      (await (inside ?? wire).queryPrepared!<{ n: number; r: number }>('wire_reused_count', text, [after], { reuse: true })).rows[0]!;
    const first = await read(0);
    expect(await read(0)).toEqual(first);
    expect((await read(-1)).r).not.toBe(first.r); // other parameters: another answer
    await wire.query(`INSERT INTO wire_reused VALUES ($1)`, [1]);
    const afterInsert = await read(0);
    expect(afterInsert.n).toBe(first.n + 1);
    expect(afterInsert.r).not.toBe(first.r);
    // Inside a transaction it is always read: it sees the transaction's own rows.
    await wire.transaction(async (tx) => {
      await tx.query(`INSERT INTO wire_reused VALUES ($1)`, [2]);
      expect((await read(0, tx)).n).toBe(afterInsert.n + 1);
      await tx.query(`DELETE FROM wire_reused WHERE id = $1`, [2]);
    });
    expect((await read(0)).n).toBe(afterInsert.n);
    // A rolled-back write, a script: read again.
    const settled = await read(0);
    await expect(wire.transaction(async (tx) => tx.query(`INSERT INTO wire_reused VALUES ($1)`, [3]).then(() => Promise.reject(new Error('roll back'))))).rejects.toThrow('roll back');
    expect((await read(0)).r).not.toBe(settled.r);
    const again = await read(0);
    await wire.exec(`SELECT 1`);
    expect((await read(0)).r).not.toBe(again.r);
  });
});
