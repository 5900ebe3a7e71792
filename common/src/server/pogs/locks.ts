import type { Tx } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { pogs, type PogRow } from '../db/schema';

/** Hand-written (db/raw-query.ts): every trade and battle command runs it. */
const LOCK_POGS: RawStatement = { name: 'lock_pogs', text: `SELECT ${selectColumns(pogs, 'p')} FROM pogs p WHERE p.id = ANY($1::int[]) ORDER BY p.id FOR UPDATE` };

/**
 * Locks POG rows (FOR UPDATE) in id order, so two transactions locking the same POGs cannot
 * deadlock (docs/rules.md, Locks: after the players' rows, before trades and battles). Nulls and
 * repeats are ignored; POGs that do not exist are simply absent from the map.
 */
export async function lockPogs(tx: Tx, ids: ReadonlyArray<number | null>): Promise<Map<number, PogRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await rawQuery<PogRow>(tx, LOCK_POGS, [wanted]);
  return new Map(rows.map((r) => [r.id, r]));
}
