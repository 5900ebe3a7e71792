/**
 * Which changes to Explore's list committed since a snapshot, and whether one touches a page: what
 * lets a process keep a page (gateway routes/pog-list-answers.ts) while others write. Triggers on
 * pogs and users (migrations/0027_pog_list_changes.sql) write a row per changed POG in the changing
 * transaction; a row belongs to the changes since snapshot S when its transaction is visible now and
 * was not in S. Read in the same statement as the new snapshot, so the answer is exact: a page still
 * true at S, untouched by every change since, is true at the new snapshot. Writes to anything else
 * (trade offers, notifications, the outbox) write no row and leave pages kept.
 */
import type { PogListQuery } from '@pog/common/pogs/pog';
import type { Db } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { listCursorKeys, type PogWithNames } from './repository';

/** One POG changed (its list key and whether it is listed after the change), or every page (`pogId` null). */
export interface ListChange {
  pogId: number | null;
  points: number;
  listed: boolean;
  creatorId: number | null;
  rarity: string | null;
}

export interface ChangesSince {
  snapshot: string;
  /** The changes, or 'many' above `MAX_CHANGES` (every page is read again then). */
  changes: ListChange[] | 'many';
}

/** Changes listed at most in one answer; a page checked this far behind is read again anyway. */
export const MAX_CHANGES = 1000;
/** How long change rows are kept; a page not checked for half of it is read again. */
export const CHANGES_KEPT_MS = 10 * 60_000;

/**
 * A change row's transaction committed since `snapshot` (SQL expressions, a change log's xid column
 * and a pg_snapshot): visible now, not in the snapshot. The xid bound lets the xid index skip older rows.
 */
export const committedSince = (xid: string, snapshot: string): string =>
  `${xid} >= pg_snapshot_xmin(${snapshot})::text::bigint AND NOT pg_visible_in_snapshot(${xid}::text::xid8, ${snapshot})`;

const CHANGES_SINCE: RawStatement = {
  name: 'pog_list_changes_since',
  text: `SELECT pg_current_snapshot()::text AS snapshot, (SELECT json_agg(json_build_array(c.pog_id, c.sort_points, c.listed, c.creator_id, c.rarity))::text
    FROM (SELECT pog_id, sort_points, listed, creator_id, rarity FROM pog_list_changes
      WHERE ${committedSince('xid', '$1::pg_snapshot')}
      LIMIT ${MAX_CHANGES + 1}) c) AS changes`,
};

const PRUNE: RawStatement = { name: 'pog_list_changes_prune', text: 'DELETE FROM pog_list_changes WHERE changed_at < clock_timestamp() - make_interval(secs => $1) RETURNING 1' };

/** The snapshot now and the list's changes committed since `snapshot` (a `databaseSnapshot` token). */
export async function listChangesSince(db: Db, snapshot: string): Promise<ChangesSince> {
  const [row] = await rawQuery<{ snapshot: string; changes: string | null }>(db, CHANGES_SINCE, [snapshot]);
  const rows = row!.changes ? (JSON.parse(row!.changes) as Array<[number | null, number, boolean, number | null, string | null]>) : [];
  if (rows.length > MAX_CHANGES) return { snapshot: row!.snapshot, changes: 'many' };
  return { snapshot: row!.snapshot, changes: rows.map(([pogId, points, listed, creatorId, rarity]) => ({ pogId, points, listed, creatorId, rarity })) };
}

/** Drops change rows older than `CHANGES_KEPT_MS` (the outbox relay's sequencer, with the outbox's old rows); how many. */
export async function pruneListChanges(db: Db): Promise<number> {
  return (await rawQuery(db, PRUNE, [CHANGES_KEPT_MS / 1000])).length;
}

type Key = readonly [points: number, id: number];

/**
 * What a page shows, as changes can touch it: its POGs and the one after them (whether a next page
 * is offered), and the range of list keys it covers (from its cursor, exclusive, down to its last row,
 * or to the end when no page follows). A listed POG whose key falls in the range enters it.
 */
export interface PageExtent {
  trending: boolean;
  /**
   * The page's filters: a POG that passes none of them cannot enter it. A searched page's term is not
   * one of them: a changed POG in its range touches it whether or not it matches.
   */
  creator: number | undefined;
  rarity: string | undefined;
  ids: Set<number>;
  /** The cursor's key: the page holds keys below it (none: from the top). */
  above: Key | undefined;
  /** The last row's key when a page follows: the page holds keys above it (none: to the end). */
  below: Key | undefined;
}

const keyOf = (trending: boolean, points: number | null | undefined, id: number): Key => [trending ? (points ?? 0) : 0, id];
const before = (a: Key, b: Key) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** `following`: the first row after the page, whose leaving (deleted, hidden) takes the next page away. */
export function pageExtent(query: PogListQuery, page: { rows: PogWithNames[]; nextCursor: string | undefined; following?: number | undefined }): PageExtent {
  const { rows, nextCursor, following } = page;
  const trending = query.sort === 'trending';
  const cursor = listCursorKeys(query);
  const last = rows[rows.length - 1];
  const ids = new Set<number>(rows.map((row) => row.pog.id));
  if (following !== undefined) ids.add(following);
  return {
    trending,
    creator: query.creator,
    rarity: query.rarity,
    ids,
    above: cursor ? keyOf(trending, cursor.points, cursor.id) : undefined,
    below: nextCursor && last ? keyOf(trending, last.pog.points, last.pog.id) : undefined,
  };
}

/** Whether the change may alter the page: it changed a POG the page watches, or one that now enters it. */
export function touchesPage(extent: PageExtent, change: ListChange): boolean {
  if (change.pogId === null || extent.ids.has(change.pogId)) return true;
  if (!change.listed) return false;
  if ((extent.creator !== undefined && change.creatorId !== extent.creator) || (extent.rarity !== undefined && change.rarity !== extent.rarity)) return false;
  const key = keyOf(extent.trending, change.points, change.pogId);
  return (!extent.above || before(key, extent.above)) && (!extent.below || before(extent.below, key));
}
