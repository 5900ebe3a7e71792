/**
 * One schema truth: the SQL migrations build the database; the Drizzle schema (./schema.ts) is how
 * the code types its queries. This builds a database from the migrations and compares it with the
 * Drizzle schema table by table and column by column (type, nullability, default, primary key), and
 * index by index, so that the two cannot drift apart unnoticed. The database is an empty PGlite
 * migrated here, which also checks that the migrations apply once and a second run changes nothing
 * (the PostgreSQL side of that is ./migrate.test.ts): one initdb for both.
 */
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrate, migrationFiles } from './migrate';
import * as schema from './schema';

interface DbColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: boolean;
}

/** The types Drizzle reports (getSQLType) in PostgreSQL's own spelling (format_type). */
const SPELLING: Record<string, string> = {
  integer: 'integer',
  bigint: 'bigint',
  text: 'text',
  boolean: 'boolean',
  real: 'real',
  jsonb: 'jsonb',
  'timestamp with time zone': 'timestamp with time zone',
};

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable).map((table) => getTableConfig(table));

describe('the Drizzle schema and the migrations', () => {
  let database: Database;
  let columns: DbColumn[];
  let indexes: Array<{ table: string; name: string }>;
  let primaryKeys: Array<{ table: string; column: string }>;
  let applied: string[];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    applied = await migrate(database);
    const result = (await database.db.execute(`
      SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type",
             NOT a.attnotnull AS "nullable", a.atthasdef AS "hasDefault", a.attidentity <> '' AS "identity"
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY 1, a.attnum`)) as unknown as { rows: DbColumn[] };
    columns = result.rows;
    indexes = ((await database.db.execute(`SELECT tablename AS "table", indexname AS "name" FROM pg_indexes WHERE schemaname = 'public'`)) as unknown as {
      rows: Array<{ table: string; name: string }>;
    }).rows;
    primaryKeys = ((await database.db.execute(`
      SELECT c.relname AS "table", a.attname AS "column"
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
      WHERE n.nspname = 'public' AND i.indisprimary`)) as unknown as { rows: Array<{ table: string; column: string }> }).rows;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('was built by the migrations, applied once on PGlite; a second run changes nothing', async () => {
    expect(applied).toEqual(migrationFiles().map((f) => f.name));
    expect(await migrate(database)).toEqual([]);
    expect(await database.ping()).toBe(true);
  });

  it('has a Drizzle table for every table the migrations make, and no other', () => {
    const migrated = new Set(columns.map((c) => c.table));
    migrated.delete('schema_migrations'); // the migration runner's own bookkeeping
    expect(new Set(tables.map((t) => t.name))).toEqual(migrated);
  });

  it.each(tables.map((t) => [t.name, t] as const))('%s: the same columns, types, nullability, defaults and primary key', (name, table) => {
    const inDb = columns.filter((c) => c.table === name);
    const describeDrizzle = (column: PgColumn) => ({
      column: column.name,
      type: SPELLING[column.getSQLType()] ?? column.getSQLType(),
      nullable: !column.notNull,
      // An identity column is filled by the database, which Drizzle models as generated, not as a default.
      hasDefault: column.hasDefault && !column.generatedIdentity,
      identity: Boolean(column.generatedIdentity),
    });
    const describeDb = (c: DbColumn) => ({ column: c.column, type: c.type, nullable: c.nullable, hasDefault: c.hasDefault, identity: c.identity });
    const byName = <T extends { column: string }>(list: T[]) => [...list].sort((a, b) => a.column.localeCompare(b.column));
    expect(byName(table.columns.map(describeDrizzle))).toEqual(byName(inDb.map(describeDb)));
    const drizzleKey = [...table.columns.filter((c) => c.primary).map((c) => c.name), ...table.primaryKeys.flatMap((k) => k.columns.map((c) => c.name))];
    expect(drizzleKey.sort()).toEqual(primaryKeys.filter((k) => k.table === name).map((k) => k.column).sort());
  });

  it.each(tables.map((t) => [t.name, t] as const))('%s: every index the Drizzle schema names exists', (name, table) => {
    const named = table.indexes.map((index) => index.config.name).filter((n): n is string => Boolean(n));
    const inDb = indexes.filter((i) => i.table === name).map((i) => i.name);
    for (const index of named) expect(inDb, `${name}.${index}`).toContain(index);
  });
});
