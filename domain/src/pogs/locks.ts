import type { Tx } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { pogs, type PogRow } from '../db/schema';
import type { PogId } from '@pog/common/schemas/ids';

/** The query that locks the POGs whose ids are the int array parameter `param`, in id order (a statement may run it as a subquery). */
export const lockPogsQuery = (mode: PogLockMode, param = '$1'): string =>
  `SELECT ${selectColumns(pogs, 'p')} FROM pogs p WHERE p.id = ANY(${param}::int[]) ORDER BY p.id FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`;

/** Hand-written (db/raw-query.ts): every trade and battle command runs one of them. */
const LOCK_POGS: Record<PogLockMode, RawStatement> = {
  update: { name: 'lock_pogs', text: lockPogsQuery('update') },
  share: { name: 'lock_pogs_share', text: lockPogsQuery('share') },
};

/**
 * `update` to change the POGs (or to decide what happens to them: an accept, a battle); `share` to
 * depend on them staying as they are until commit without changing them (an offer names them): two
 * offers naming the same POG need not wait for each other, while whatever changes it waits for both.
 */
export type PogLockMode = 'update' | 'share';

/**
 * Locks POG rows in id order, so two transactions locking the same POGs cannot deadlock
 * (docs/rules.md, Locks: after the players' rows, before trades and battles). Nulls and repeats are
 * ignored; POGs that do not exist are simply absent from the map. A command that locks them `share`
 * never changes them afterwards (two such commands raising their locks on one row would deadlock).
 */
export async function lockPogs(tx: Tx, ids: ReadonlyArray<PogId | null>, mode: PogLockMode = 'update'): Promise<Map<PogId, PogRow>> {
  const wanted = [...new Set(ids.filter((id): id is PogId => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await rawQuery<PogRow>(tx, LOCK_POGS[mode], [wanted]);
  return new Map(rows.map((r) => [r.id, r]));
}
