import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgliteDirFromTemplate } from '../testing/pglite-template';
import { openDatabase, type Database } from './client';
import { PGLITE_WASM_FLAGS, threadExecArgv } from './pglite-thread';

/** PGlite in its worker thread, through the same Database interface and Drizzle driver as in-process. */
describe('PGlite in a thread of its own', () => {
  let database: Database;
  let folder: Awaited<ReturnType<typeof pgliteDirFromTemplate>> | undefined;
  let flagsSet: unknown[][] = [];
  beforeAll(async () => {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString');
    folder = await pgliteDirFromTemplate();
    database = await openDatabase({ pgliteDir: folder.dir, pgliteThread: true });
    flagsSet = [...setFlags.mock.calls];
    setFlags.mockRestore();
    await database.db.execute(sql`CREATE TABLE thread_items (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), doc jsonb)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    folder?.remove();
  });

  /** Both drivers answer `execute` with `{ rows }`. */
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async () => (await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM thread_items`))[0]!.n;

  it("compiles PGlite's WebAssembly with V8's baseline compiler only, set before the thread starts", async () => {
    expect(PGLITE_WASM_FLAGS).toBe('--liftoff-only');
    expect(flagsSet).toContainEqual([PGLITE_WASM_FLAGS]);
    expect(await rowsOf<{ n: number }>(sql`SELECT 1 + 1 AS n`)).toEqual([{ n: 2 }]);
  });

  it('answers queries with the values PGlite parses and the ones Drizzle keeps as text', async () => {
    const rows = await rowsOf<{ n: number; doc: unknown; at: unknown }>(sql`SELECT 7::int AS n, '{"a":[1,2]}'::jsonb AS doc, '2026-01-02T03:04:05Z'::timestamptz AS at`);
    expect(rows[0]).toMatchObject({ n: 7, doc: { a: [1, 2] } });
    // Drizzle's driver asks for timestamps as PostgreSQL's text (it parses them itself).
    expect(typeof rows[0]!.at).toBe('string');
  });

  it('carries errors back with their SQLSTATE and constraint, as the error mapping needs', async () => {
    await database.db.execute(sql`INSERT INTO thread_items (id) VALUES (1)`);
    const error = await database.db.execute(sql`INSERT INTO thread_items (id) VALUES (1)`).catch((e: unknown) => e);
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_items_pkey' });
  });

  it('keeps a transaction atomic: a failure inside rolls all of it back', async () => {
    const before = await count();
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_items (id) VALUES (100)`);
      await tx.execute(sql`INSERT INTO thread_items (id) VALUES (100)`);
    });
    await expect(failed).rejects.toThrow();
    expect(await count()).toBe(before);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_items (id) VALUES (101)`);
      await tx.execute(sql`INSERT INTO thread_items (id) VALUES (102)`);
    });
    expect(await count()).toBe(before + 2);
  });

  it('holds the connection for an open transaction: a statement from outside waits for its commit', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO thread_items (id) VALUES (200)`);
      inside();
      await held;
      order.push('commit');
    });
    await begun;
    // Outside the transaction: it must not see (nor run before) the uncommitted row.
    const outside = rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM thread_items WHERE id = 200`).then((rows) => {
      order.push('outside');
      return rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('delivers notifications to a listener', async () => {
    const listener = await database.connectListener(() => undefined);
    const payloads: string[] = [];
    await listener.listen('thread_channel', (payload) => payloads.push(payload));
    await database.db.execute(sql`SELECT pg_notify('thread_channel', 'hello')`);
    await expect.poll(() => payloads).toEqual(['hello']);
    await listener.close();
  });

  it('keeps this thread running while the database works on a slow query', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    let ticksWhenDone = -1;
    const slow = database.db.execute(sql`SELECT pg_sleep(1)`).then(() => (ticksWhenDone = ticks));
    // In this thread's PGlite the timer could not fire until the query ended.
    await expect.poll(() => ticks, { interval: 5, timeout: 900 }).toBeGreaterThan(3);
    expect(ticksWhenDone).toBe(-1);
    await slow;
    clearInterval(ticker);
  });
});

describe("the thread's Node flags", () => {
  it('keeps the process flags except the TypeScript loader and V8 WebAssembly compiler flags, which a Worker refuses', () => {
    const argv = ['--enable-source-maps', '--liftoff-only', '--no-wasm-tier-up', '--import', 'tsx', '--import=tsx/esm', '--max-old-space-size=512', '--import', './trace.mjs'];
    expect(threadExecArgv(argv)).toEqual(['--enable-source-maps', '--max-old-space-size=512', '--import', './trace.mjs']);
  });
});
