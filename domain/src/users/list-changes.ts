/**
 * Whether a change to the player lists committed since a snapshot falls on a page: what lets a
 * process keep a page (gateway routes/player-list-answers.ts) while others write. Triggers on users
 * and player_counts (migrations/0031_player_list_changes.sql) write a row per changed player in the
 * changing transaction; a row belongs to the changes since snapshot S when its transaction is
 * visible now and was not in S (as Explore's, pogs/list-changes.ts). Asked in the same statement as
 * the new snapshot, so the answer is exact: a page still true at S, untouched by every change since,
 * is true at the new snapshot. The page's range is compared by the database, in the collation the
 * list's order uses.
 */
import type { Db } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { CHANGES_KEPT_MS, committedSince } from '../pogs/list-changes';

/**
 * What a page shows, as changes can touch it: its players and the one after them (whether a next
 * page is offered), and the range of list keys (lower(username)) it covers: after its cursor, up to
 * and with its last row, or to the end when no page follows. A changed player whose key, before or
 * after the change, falls in the range may enter or leave it (a searched page's term is not asked).
 */
export interface PlayerPageExtent {
  ids: number[];
  /** The cursor's key: the page holds keys above it (none: from the first). */
  after: string | undefined;
  /** The last row's key when a page follows: the page holds keys up to it (none: to the end). */
  through: string | undefined;
}

export interface PlayerPageCheck {
  snapshot: string;
  touched: boolean;
}

const IN_RANGE = (key: string) => `(${key} IS NOT NULL AND ($3::text IS NULL OR ${key} > $3::text) AND ($4::text IS NULL OR ${key} <= $4::text))`;

const TOUCHED_SINCE: RawStatement = {
  name: 'player_list_touched_since',
  // The first such change in xid order, not EXISTS: the planner drops an EXISTS's ORDER BY and,
  // without statistics (a table just filled) or in a generic plan, scans every row kept instead of the
  // xid index's few recent ones.
  text: `SELECT pg_current_snapshot()::text AS snapshot, coalesce((SELECT true FROM player_list_changes c
    WHERE ${committedSince('c.xid', '$1::pg_snapshot')}
      AND (c.user_id IS NULL OR c.user_id = ANY($2::int[]) OR ${IN_RANGE('c.name_key')} OR ${IN_RANGE('c.old_name_key')})
    ORDER BY c.xid LIMIT 1), false) AS touched`,
};

const PRUNE: RawStatement = { name: 'player_list_changes_prune', text: 'DELETE FROM player_list_changes WHERE changed_at < clock_timestamp() - make_interval(secs => $1) RETURNING 1' };

/** The snapshot now, and whether a change committed since `snapshot` (a `databaseSnapshot` token) touches the page. */
export async function playerPageTouchedSince(db: Db, snapshot: string, extent: PlayerPageExtent): Promise<PlayerPageCheck> {
  const [row] = await rawQuery<{ snapshot: string; touched: boolean }>(db, TOUCHED_SINCE, [snapshot, extent.ids, extent.after ?? null, extent.through ?? null]);
  return { snapshot: row!.snapshot, touched: row!.touched };
}

/** Drops change rows older than Explore's `CHANGES_KEPT_MS` (pruned with them); how many. */
export async function prunePlayerListChanges(db: Db): Promise<number> {
  return (await rawQuery(db, PRUNE, [CHANGES_KEPT_MS / 1000])).length;
}
