/** The marks' reads and writes, hand-written (db/raw-query.ts). */
import type { Marks } from '@pog/common/wishlists/api';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';

const READ_MARKS: RawStatement = {
  name: 'wishlists_read_marks',
  text: `SELECT ARRAY(SELECT pog_id FROM pog_wants WHERE user_id = $1 ORDER BY pog_id) AS wants,
    ARRAY(SELECT h.pog_id FROM pog_haves h JOIN pogs p ON p.id = h.pog_id AND p.user_id = h.user_id WHERE h.user_id = $1 ORDER BY h.pog_id) AS haves`,
};

/** A player's marks: the POGs they want, and their own POGs up for trade (a mark left on a POG that moved is not theirs). */
export async function readMarks(db: Db | Tx, userId: UserId): Promise<Marks> {
  const [row] = await rawQuery<Marks>(db, READ_MARKS, [userId]);
  return { wants: row?.wants ?? [], haves: row?.haves ?? [] };
}

export const COUNT_MARKS: RawStatement = {
  name: 'wishlists_count_marks',
  text: `SELECT (SELECT count(*)::int FROM pog_wants WHERE user_id = $1) AS wants, (SELECT count(*)::int FROM pog_haves WHERE user_id = $1) AS haves`,
};

export const INSERT_WANT: RawStatement = {
  name: 'wishlists_insert_want',
  text: `INSERT INTO pog_wants (user_id, pog_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING pog_id`,
};
export const DELETE_WANT: RawStatement = { name: 'wishlists_delete_want', text: `DELETE FROM pog_wants WHERE user_id = $1 AND pog_id = $2 RETURNING pog_id` };

/** Up for trade; a mark left by a former owner becomes the new owner's. */
export const INSERT_HAVE: RawStatement = {
  name: 'wishlists_insert_have',
  text: `INSERT INTO pog_haves AS h (pog_id, user_id, created_at) VALUES ($2, $1, $3)
    ON CONFLICT (pog_id) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at WHERE h.user_id <> excluded.user_id RETURNING pog_id`,
};
export const DELETE_HAVE: RawStatement = { name: 'wishlists_delete_have', text: `DELETE FROM pog_haves WHERE user_id = $1 AND pog_id = $2 RETURNING pog_id` };

/** Who wants these POGs (to tell them their matches changed). */
export const WANTERS: RawStatement = { name: 'wishlists_wanters', text: `SELECT DISTINCT user_id AS "userId" FROM pog_wants WHERE pog_id = ANY($1::int[])` };

/**
 * These POGs moved or went away: their 'up for trade' marks go (they were a former owner's), and so
 * does a player's want of a POG that is now theirs. Answers who is concerned: the marks' players and
 * every player who wants one of them.
 */
export const RELEASE_MARKS: RawStatement = { name: 'wishlists_release_marks', text: `WITH ${releaseMarksQueries('$1::int[]', 'pogs')} ${marksConcerned('$1::int[]')}` };

/**
 * RELEASE_MARKS's writes, as WITH queries (`gone`, `owned`) of any statement: for the POGs of `ids`
 * (an int[] expression), whose holders now the relation `holders` (id, user_id) names, the POGs
 * themselves or a statement's own POGs just moved. The holders are looked up by `ids` too: a generic
 * plan (outbox/transaction.ts) joined the pogs table by a scan of all of it.
 */
export function releaseMarksQueries(ids: string, holders: string): string {
  return `gone AS (DELETE FROM pog_haves WHERE pog_id = ANY(${ids}) RETURNING pog_id, user_id),
    owned AS (DELETE FROM pog_wants w USING ${holders} p
      WHERE w.pog_id = ANY(${ids}) AND p.id = ANY(${ids}) AND p.id = w.pog_id AND w.user_id = p.user_id RETURNING w.pog_id, w.user_id)`;
}

/** Who `releaseMarksQueries` concerns, as MarkChange rows: a query of the same statement. */
export function marksConcerned(ids: string): string {
  return `SELECT pog_id AS "pogId", user_id AS "userId" FROM gone
    UNION SELECT pog_id, user_id FROM pog_wants WHERE pog_id = ANY(${ids})`;
}

export type MarkChange = { pogId: PogId; userId: UserId };
