/**
 * A plain page of Explore (no search): the hottest read of the app, as hand-written SQL with one
 * prepared statement per shape (sort, filters, cursor) and the rows taken as they come (see
 * db/raw-query.ts). Same rows, order and conditions as `pogListStatement` without a search: listed
 * (not rejected), the rarity and creator filters, after the cursor, newest or trending first; the
 * `moderation_status <> 'rejected'` and `coalesce(points, 0)` are written as the partial indexes
 * pogs_listed_recent_idx and pogs_listed_trending_idx are (migration 0002), so every plan uses them.
 *
 * The page comes with the database snapshot it was read in (`pg_current_snapshot()`: the transactions
 * finished and in flight), and is read only when that snapshot differs from one the caller already
 * holds a page for (`since`): an equal snapshot sees exactly the same committed rows, so the caller's
 * page is still the answer (routes/pog-list-answers.ts). Any write anywhere in the cluster changes
 * the snapshot, so this never misses a write, from this process or another one, but also takes
 * writes to other tables (and databases) for changes.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PogListQuery } from '../../pogs/pog';
import type { Db } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { pogs, type PogRow } from '../db/schema';
import type { PogWithNames } from './repository';

export interface ListPageKeys {
  rarity?: string | undefined;
  creator?: number | undefined;
  /** The cursor's keys, already checked. */
  after?: { id: number; points?: number | undefined } | undefined;
}

type ListRow = PogRow & { ownerName: string; creatorName: string };
/** One row per POG; a single row with null columns when nothing was read (unchanged, or an empty page). */
type SnapshotRow = { snapshot: string } & ({ id: number } & ListRow | { id: null });

/** A page and the snapshot it was read in; `rows` undefined: the snapshot is still `since`, nothing was read. */
export interface ListPageRead {
  snapshot: string;
  rows: PogWithNames[] | undefined;
}

const statements = new Map<string, RawStatement>();
/** The row type's keys (those `selectColumns` names the columns by). */
const POG_KEYS = Object.keys(getTableColumns(pogs)) as (keyof PogRow)[];

/** The statement of one shape of page, made once; its parameters in the order `pageValues` gives them. */
function statementFor(sort: PogListQuery['sort'], keys: ListPageKeys): RawStatement {
  const shape = `${sort}_${keys.rarity ? 'r' : ''}${keys.creator ? 'c' : ''}${keys.after ? 'a' : ''}`;
  let statement = statements.get(shape);
  if (statement) return statement;
  const trending = sort === 'trending';
  const conditions = [`p.moderation_status <> 'rejected'`];
  let n = 1; // $1: the snapshot the caller already has a page for
  if (keys.rarity) conditions.push(`p.rarity = $${++n}`);
  if (keys.creator) conditions.push(`p.creator_id = $${++n}`);
  if (keys.after && trending) conditions.push(`(coalesce(p.points, 0), p.id) < ($${++n}, $${++n})`);
  else if (keys.after) conditions.push(`p.id < $${++n}`);
  const text = [
    'SELECT s.snapshot, page.* FROM (SELECT pg_current_snapshot()::text AS snapshot) s LEFT JOIN LATERAL (',
    // The names by subqueries rather than joins: the same rows (owner and creator are NOT NULL
    // references), but the page's wide rows go through no join nodes (PGlite: 0.7 ms instead of 1.05).
    `SELECT ${selectColumns(pogs, 'p')}, (SELECT o.username FROM users o WHERE o.id = p.user_id) AS "ownerName",`,
    '(SELECT c.username FROM users c WHERE c.id = p.creator_id) AS "creatorName" FROM pogs p',
    // Evaluated once (no column in it): when the snapshot is the caller's, the page is not read at all.
    `WHERE s.snapshot IS DISTINCT FROM $1::text AND ${conditions.join(' AND ')}`,
    trending ? 'ORDER BY coalesce(p.points, 0) DESC, p.id DESC' : 'ORDER BY p.id DESC',
    `LIMIT $${++n}) page ON true`,
    trending ? 'ORDER BY coalesce(page.points, 0) DESC, page.id DESC' : 'ORDER BY page.id DESC',
  ].join(' ');
  // Reusable: a page is a function of the rows and its parameters (embedded, answered again until a
  // write; a write also moves the snapshot).
  statement = { name: `pog_list_${shape}`, text, reusable: true };
  statements.set(shape, statement);
  return statement;
}

function pageValues(sort: PogListQuery['sort'], keys: ListPageKeys, limit: number, since: string | undefined): unknown[] {
  const values: unknown[] = [since ?? null];
  if (keys.rarity) values.push(keys.rarity);
  if (keys.creator) values.push(keys.creator);
  if (keys.after && sort === 'trending') values.push(keys.after.points ?? 0, keys.after.id);
  else if (keys.after) values.push(keys.after.id);
  values.push(limit);
  return values;
}

/**
 * Up to `limit` listed POGs with their owner's and creator's names, in list order, and the snapshot
 * they were read in; nothing read when that snapshot is `since`.
 */
export async function readListPageSince(db: Db, sort: PogListQuery['sort'], keys: ListPageKeys, limit: number, since: string | undefined): Promise<ListPageRead> {
  const rows = await rawQuery<SnapshotRow>(db, statementFor(sort, keys), pageValues(sort, keys, limit, since));
  const snapshot = rows[0]!.snapshot;
  if (snapshot === since) return { snapshot, rows: undefined };
  // The POG copied key by key: a rest pattern (`{ ownerName, creatorName, ...pog }`) took about 1 ms a page.
  const page = rows.flatMap((row) => {
    if (row.id === null) return []; // an empty page
    const pog = {} as Record<keyof PogRow, unknown>;
    for (const key of POG_KEYS) pog[key] = row[key];
    return [{ pog: pog as PogRow, username: row.ownerName, creatorUsername: row.creatorName }];
  });
  return { snapshot, rows: page };
}

/** Up to `limit` listed POGs with their owner's and creator's names, in list order. */
export async function readListPage(db: Db, sort: PogListQuery['sort'], keys: ListPageKeys, limit: number): Promise<PogWithNames[]> {
  return (await readListPageSince(db, sort, keys, limit, undefined)).rows!;
}
