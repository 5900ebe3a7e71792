/**
 * Hand-written SQL for the hottest reads, past Drizzle's query builder and row mapping (
 * building the SQL text and mapping rows took a third of the POG list's CPU). A statement is fixed
 * text with $n parameters: on PostgreSQL it is a named prepared statement (parsed and planned once
 * per connection), and on PGlite in its thread (pglite-thread-wire.mjs); on PGlite in this thread an
 * ordinary extended-protocol query. Rows come back as the driver
 * parses them (timestamptz as Date, int4 and float4 as number, bool as boolean), so a statement
 * names its columns the way the caller wants them (`AS "camelCase"`).
 */
import { getTableColumns } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from './client';
import { loadedNodePg } from './node-pg';

export interface RawStatement {
  /** The prepared statement's name on PostgreSQL: one per distinct text. */
  name: string;
  text: string;
  /**
   * Its answer is a function of the data and its parameters only (no clock, random or write): PGlite
   * in its thread answers it again while nothing was written since (pglite-thread-wire.mjs).
   */
  reusable?: boolean;
}

interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite in its thread: a named prepared statement there too (pglite-thread.ts). */
  queryPrepared?(name: string, text: string, values: unknown[], options?: { reuse?: boolean }): Promise<{ rows: unknown[] }>;
}

/**
 * The driver under a Drizzle handle: its session's client, a pg Pool (a database) or pg Client (a
 * transaction's connection), or a PGlite or PGlite transaction. Undefined for anything else.
 */
function clientOf(db: Db | Tx): pg.Pool | pg.Client | RawClient | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client && typeof (client as RawClient).query === 'function' ? (client as pg.Pool | pg.Client | RawClient) : undefined;
}

/** Whether `rawQuery` can run on this handle (a Drizzle database or transaction over pg or PGlite). */
export const supportsRawQuery = (db: Db | Tx): boolean => clientOf(db) !== undefined;

/** Runs the statement on the database, or inside the transaction, `db` is. */
export async function rawQuery<T>(db: Db | Tx, statement: RawStatement, values: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if (!client) throw new Error('rawQuery needs a Drizzle handle over pg or PGlite');
  const nodePg = loadedNodePg()?.pg;
  if (nodePg && (client instanceof nodePg.Pool || client instanceof nodePg.Client)) return (await client.query({ name: statement.name, text: statement.text, values })).rows as T[];
  const raw = client as RawClient;
  if (raw.queryPrepared) return (await raw.queryPrepared(statement.name, statement.text, values, { reuse: statement.reusable === true })).rows as T[];
  return (await raw.query(statement.text, values)).rows as T[];
}

/** Drizzle's quoting of identifiers, as in the SQL it builds itself. */
const dialect = new PgDialect();

/**
 * Every column of a table as `alias."column" AS "key"`, the keys being the table's row type's (so a
 * row read with it is that type, and a column added to the schema is read without a change here).
 * With `prefix`, each key starts with it (two tables' rows in one: `prefixedRow` takes one out).
 */
export function selectColumns(table: PgTable, alias: string, prefix = ''): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `${alias}.${dialect.escapeName(column.name)} AS ${dialect.escapeName(prefix + key)}`)
    .join(', ');
}

/** The columns of `row` read with `selectColumns(table, alias, prefix)`, under their own keys. */
export function prefixedRow(row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const taken: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    if (!key.startsWith(prefix)) continue;
    taken[key.slice(prefix.length)] = row[key];
    delete row[key];
  }
  return taken;
}
