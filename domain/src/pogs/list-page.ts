/**
 * A plain page of Explore (no search): the hottest read of the app, as hand-written SQL with one
 * prepared statement per shape (sort, filters, cursor) and the rows taken as they come (see
 * db/raw-query.ts). Same rows, order and conditions as `pogListStatement` without a search: listed
 * (not rejected, not hidden by reports), the rarity and creator filters, after the cursor, newest or
 * trending first; the `moderation_status <> 'rejected' AND NOT hidden_by_reports` and
 * `coalesce(points, 0)` are written as the partial indexes pogs_listed_recent_idx and
 * pogs_listed_trending_idx are (migration 0025), so every plan uses them.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PogListQuery } from '@pog/common/pogs/pog';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { pogs, type PogRow } from '../db/schema';
import type { PogWithNames } from './repository';

export interface ListPageKeys {
  rarity?: string | undefined;
  creator?: UserId | undefined;
  /** The cursor's keys, already checked. */
  after?: { id: PogId; points?: number | undefined } | undefined;
}

type ListRow = PogRow & { ownerName: string; creatorName: string };

const statements = new Map<string, RawStatement>();
/** The row type's keys (those `selectColumns` names the columns by). */
const POG_KEYS = Object.keys(getTableColumns(pogs)) as (keyof PogRow)[];

/** The statement of one shape of page, made once; its parameters in the order `pageValues` gives them (exposed so it can be EXPLAINed). */
export function statementFor(sort: PogListQuery['sort'], keys: ListPageKeys): RawStatement {
  const shape = `${sort}_${keys.rarity ? 'r' : ''}${keys.creator ? 'c' : ''}${keys.after ? 'a' : ''}`;
  let statement = statements.get(shape);
  if (statement) return statement;
  const trending = sort === 'trending';
  const conditions = [`p.moderation_status <> 'rejected'`, 'NOT p.hidden_by_reports'];
  let n = 0;
  if (keys.rarity) conditions.push(`p.rarity = $${++n}`);
  if (keys.creator) conditions.push(`p.creator_id = $${++n}`);
  if (keys.after && trending) conditions.push(`(coalesce(p.points, 0), p.id) < ($${++n}, $${++n})`);
  else if (keys.after) conditions.push(`p.id < $${++n}`);
  const text = [
    // The names by subqueries rather than joins: the same rows (owner and creator are NOT NULL
    // references), but the page's wide rows go through no join nodes (PGlite: 0.7 ms instead of 1.05).
    `SELECT ${selectColumns(pogs, 'p')}, (SELECT o.username FROM users o WHERE o.id = p.user_id) AS "ownerName",`,
    '(SELECT c.username FROM users c WHERE c.id = p.creator_id) AS "creatorName" FROM pogs p',
    `WHERE ${conditions.join(' AND ')}`,
    trending ? 'ORDER BY coalesce(p.points, 0) DESC, p.id DESC' : 'ORDER BY p.id DESC',
    `LIMIT $${++n}`,
  ].join(' ');
  // Reusable: a page is a function of the rows and its parameters (embedded, answered again until a write).
  statement = { name: `pog_list_${shape}`, text, reusable: true };
  statements.set(shape, statement);
  return statement;
}

export function pageValues(sort: PogListQuery['sort'], keys: ListPageKeys, limit: number): unknown[] {
  const values: unknown[] = [];
  if (keys.rarity) values.push(keys.rarity);
  if (keys.creator) values.push(keys.creator);
  if (keys.after && sort === 'trending') values.push(keys.after.points ?? 0, keys.after.id);
  else if (keys.after) values.push(keys.after.id);
  values.push(limit);
  return values;
}

/** Up to `limit` listed POGs with their owner's and creator's names, in list order. */
export async function readListPage(db: Db | Tx, sort: PogListQuery['sort'], keys: ListPageKeys, limit: number): Promise<PogWithNames[]> {
  return withNames(await rawQuery<ListRow>(db, statementFor(sort, keys), pageValues(sort, keys, limit)));
}

/**
 * The statement of one shape of searched page read from a window of the list (`searchWindowPage`
 * in repository.ts, the same rows): the first `windowRows` rows of the list after the cursor, read
 * from the list's index with their creator's username (a primary key lookup each); those matching
 * the filters and the pattern (name, text or creator, ILIKE), the first page and one of them in
 * list order. A prepared statement, so that each search is not planned again. The window's size is
 * written in the text and the window hands on its order (its `points` and `id` columns): with a
 * parameter there, or the order taken from an expression, the plan sorted the whole window instead
 * of stopping at the page's last match (0.6 ms against 17 for 'a'). Its parameters: `pageValues`
 * without the limit, then the pattern and the limit.
 */
export function windowStatementFor(sort: PogListQuery['sort'], keys: ListPageKeys, windowRows: number): RawStatement {
  if (!Number.isSafeInteger(windowRows) || windowRows < 1) throw new RangeError(`a search window is a positive whole number of rows, not ${windowRows}`);
  const shape = `window${windowRows}_${sort}_${keys.rarity ? 'r' : ''}${keys.creator ? 'c' : ''}${keys.after ? 'a' : ''}`;
  let statement = statements.get(shape);
  if (statement) return statement;
  const trending = sort === 'trending';
  const range = [`l.moderation_status <> 'rejected'`, 'NOT l.hidden_by_reports'];
  const checks: string[] = [];
  let n = 0;
  if (keys.rarity) checks.push(`w.rarity = $${++n}`);
  if (keys.creator) checks.push(`w.creator_id = $${++n}`);
  if (keys.after && trending) range.push(`(coalesce(l.points, 0), l.id) < ($${++n}, $${++n})`);
  else if (keys.after) range.push(`l.id < $${++n}`);
  const [pattern, limit] = [`$${++n}`, `$${++n}`];
  checks.push(`(w.name ILIKE ${pattern} OR w.text_content ILIKE ${pattern} OR w.creator_name ILIKE ${pattern})`);
  const text = [
    `SELECT ${selectColumns(pogs, 'p')}, (SELECT o.username FROM users o WHERE o.id = p.user_id) AS "ownerName",`,
    '(SELECT c.username FROM users c WHERE c.id = p.creator_id) AS "creatorName" FROM pogs p WHERE p.id IN (',
    'SELECT w.id FROM (SELECT l.id, coalesce(l.points, 0) AS points, l.name, l.text_content, l.rarity, l.creator_id,',
    '(SELECT c.username FROM users c WHERE c.id = l.creator_id) AS creator_name FROM pogs l',
    `WHERE ${range.join(' AND ')} ${trending ? 'ORDER BY coalesce(l.points, 0) DESC, l.id DESC' : 'ORDER BY l.id DESC'} LIMIT ${windowRows}) w`,
    `WHERE ${checks.join(' AND ')} ${trending ? 'ORDER BY w.points DESC, w.id DESC' : 'ORDER BY w.id DESC'} LIMIT ${limit})`,
    `${trending ? 'ORDER BY coalesce(p.points, 0) DESC, p.id DESC' : 'ORDER BY p.id DESC'} LIMIT ${limit}`,
  ].join(' ');
  statement = { name: `pog_list_${shape}`, text, reusable: true };
  statements.set(shape, statement);
  return statement;
}

/** Up to `limit` listed POGs matching `pattern` among the first `windowRows` of the list, with their names, in list order. */
export async function readSearchWindowPage(db: Db, sort: PogListQuery['sort'], keys: ListPageKeys, pattern: string, windowRows: number, limit: number): Promise<PogWithNames[]> {
  const values = [...pageValues(sort, keys, limit).slice(0, -1), pattern, limit];
  return withNames(await rawQuery<ListRow>(db, windowStatementFor(sort, keys, windowRows), values));
}

function withNames(rows: ListRow[]): PogWithNames[] {
  // The POG copied key by key: a rest pattern (`{ ownerName, creatorName, ...pog }`) took about 1 ms a page.
  return rows.map((row) => {
    const pog = {} as Record<keyof PogRow, unknown>;
    for (const key of POG_KEYS) pog[key] = row[key];
    return { pog: pog as PogRow, username: row.ownerName, creatorUsername: row.creatorName };
  });
}
