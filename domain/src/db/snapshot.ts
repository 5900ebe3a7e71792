/**
 * The database's snapshot, `pg_current_snapshot()` (the transactions finished and still in flight,
 * server-wide), as a token that changes whenever any transaction that wrote commits or rolls back,
 * in this process or any other. A read made AFTER taking the token sees everything the token sees
 * and possibly more; so while the token taken later is still the same, no transaction has finished
 * since, and that read is still what the database holds (routes/pog-list-answers.ts keeps pages so).
 * Writes to other tables, and on a shared server other databases, change it too: it only ever errs
 * towards reading again.
 */
import type { Db } from './client';
import { rawQuery, supportsRawQuery, type RawStatement } from './raw-query';

const SNAPSHOT: RawStatement = { name: 'db_snapshot', text: 'SELECT pg_current_snapshot()::text AS snapshot' };

/** The token, or undefined on a handle `rawQuery` cannot use (a Drizzle transaction). */
export async function databaseSnapshot(db: Db): Promise<string | undefined> {
  if (!supportsRawQuery(db)) return undefined;
  const [row] = await rawQuery<{ snapshot: string }>(db, SNAPSHOT, []);
  return row!.snapshot;
}
