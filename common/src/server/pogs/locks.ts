import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { pogs, type PogRow } from '../db/schema';

/**
 * Locks POG rows (FOR UPDATE) in id order, so two transactions locking the same POGs cannot
 * deadlock (docs/rules.md, Locks: after the players' rows, before trades and battles). Nulls and
 * repeats are ignored; POGs that do not exist are simply absent from the map.
 */
export async function lockPogs(tx: Tx, ids: ReadonlyArray<number | null>): Promise<Map<number, PogRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select().from(pogs).where(inArray(pogs.id, wanted)).orderBy(asc(pogs.id)).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}
