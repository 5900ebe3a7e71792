/** Reading POGs with their owner and creator names, and listing them with keyset pagination. */
import { and, desc, eq, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { cooldownHoursLeft } from '@pog/common/pogs/cooldown';
import type { Pog, PogListQuery } from '@pog/common/pogs/pog';
import { idSchema, INT4, type PogId, type UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { foldedLike, gramsCondition, likePattern } from '../db/like';
import { firstRowsPlannedForAll, readRows } from '../db/planner';
import { decodeCursor, encodeCursor } from '../db/page-cursor';
import { rawQuery, selectColumns, supportsRawQuery, type RawStatement } from '../db/raw-query';
import { pogs, users, type PogRow } from '../db/schema';
import { flagReasonOf } from '../moderation/flags';
import { readListPage, readSearchWindowPage, type ListPageKeys } from './list-page';

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

const withNames = { pog: pogs, username: owner.username, creatorUsername: creator.username };

export interface PogWithNames {
  pog: PogRow;
  username: string;
  creatorUsername: string;
}

/**
 * A POG as anyone may see it: the moderator's notes, the flag's reason and the report count are
 * left out (null). The default, so that a list, a trade, a battle or an event cannot leak them by a
 * caller forgetting.
 */
export function toPog(found: PogWithNames, now: Date): Pog {
  return { ...toPogWithNotes(found, now), moderationNotes: null, flagReason: null, reportCount: null };
}

/** The POG with the moderator's notes: only for admin answers and events, and its owner's own view. */
export function toPogFor(viewerId: UserId | undefined, found: PogWithNames, now: Date): Pog {
  return viewerId === found.pog.userId ? toPogWithNotes(found, now) : toPog(found, now);
}

/** The POG with the moderator's notes, for admins and the owner only (see `toPogFor`). */
export function toPogWithNotes({ pog, username, creatorUsername }: PogWithNames, now: Date): Pog {
  const cooldownHours = cooldownHoursLeft(pog.cooldownUntil, now);
  return {
    id: pog.id,
    userId: pog.userId,
    username,
    creatorId: pog.creatorId,
    creatorUsername,
    changedHands: pog.changedHands,
    name: pog.name,
    textContent: pog.textContent,
    fontFamily: pog.fontFamily,
    textColor: pog.textColor,
    backgroundColor1: pog.backgroundColor1,
    backgroundColor2: pog.backgroundColor2,
    imageUrl: pog.imageUrl,
    imageStyle: pog.imageStyle,
    imageHash: pog.imageHash,
    rarity: pog.rarity,
    score: pog.score,
    points: pog.points,
    pointsPending: pog.scoredVersion !== pog.designVersion,
    harmony: pog.harmony,
    uniqueness: pog.uniqueness,
    complexity: pog.complexity,
    scoredAt: pog.scoredAt?.toISOString() ?? null,
    maxTrades: pog.maxTrades,
    tradesRemaining: pog.tradesRemaining,
    cooldownUntil: pog.cooldownUntil?.toISOString() ?? null,
    onCooldown: cooldownHours > 0,
    cooldownHours,
    isFlagged: pog.isFlagged,
    isApproved: pog.isApproved,
    moderationStatus: pog.moderationStatus,
    moderationNotes: pog.moderationNotes,
    lastModeratedAt: pog.lastModeratedAt?.toISOString() ?? null,
    flagReason: flagReasonOf(pog),
    reportCount: pog.reportCount,
    hiddenByReports: pog.hiddenByReports,
    createdAt: pog.createdAt.toISOString(),
  };
}

function selectWithNames(db: Db | Tx) {
  return db.select(withNames).from(pogs).innerJoin(owner, eq(owner.id, pogs.userId)).innerJoin(creator, eq(creator.id, pogs.creatorId));
}

export async function findPog(db: Db | Tx, id: PogId): Promise<PogWithNames | undefined> {
  const rows = await selectWithNames(db).where(eq(pogs.id, id)).limit(1);
  return rows[0];
}

/** Hand-written (db/raw-query.ts): every trade and battle answer shows its POGs with their owners' and creators' names. */
const POGS_WITH_NAMES: RawStatement = {
  name: 'pogs_with_names',
  text: `SELECT ${selectColumns(pogs, 'p')}, o.username AS "ownerUsername", c.username AS "creatorUsername"
    FROM pogs p JOIN users o ON o.id = p.user_id JOIN users c ON c.id = p.creator_id WHERE p.id = ANY($1::int[])`,
};

export async function findPogs(db: Db | Tx, ids: PogId[]): Promise<Map<PogId, PogWithNames>> {
  if (ids.length === 0) return new Map();
  const rows = await rawQuery<PogRow & { ownerUsername: string; creatorUsername: string }>(db, POGS_WITH_NAMES, [[...new Set(ids)]]);
  return new Map(rows.map(({ ownerUsername, creatorUsername, ...pog }) => [pog.id, { pog, username: ownerUsername, creatorUsername }]));
}

/**
 * A rejected POG, or one hidden by reports until a moderator decides, is out of sight of everyone but
 * its owner (and the admins' own endpoints). Written as the predicate of pogs_listed_recent_idx and
 * pogs_listed_trending_idx (literals, not parameters), so the planner can prove they cover the list.
 */
export const listed = sql`(${pogs.moderationStatus} <> 'rejected' AND NOT ${pogs.hiddenByReports})`;

/** Hidden by reports (never rejected: a decision ends the hiding), as pogs_hidden_by_reports_idx is. */
const hiddenByReports = sql`${pogs.hiddenByReports}`;

/** What a page cursor holds: the last row's id (and points when trending), checked like any id. */
const cursorSchema = z.object({ id: idSchema('The cursor').brand<'PogId'>(), points: z.number().int().min(INT4.min).max(INT4.max).optional() });
type Cursor = z.infer<typeof cursorSchema>;

/** The keys of the page's cursor (the previous page's last row), none on the first page. */
export function listCursorKeys(query: PogListQuery): Cursor | undefined {
  return query.cursor ? decodeCursor(query.cursor, cursorSchema) : undefined;
}

const trendingPoints = sql<number>`coalesce(${pogs.points}, 0)`;

/** Above this many creators matching a search, their ids are not listed (see `prepareSearch`). */
const MAX_LISTED_CREATORS = 500;

/** How much work a searched page may do before changing its plan (see `searchedPage`). */
export interface SearchLimits {
  /** Rows read in list order first: a term common enough to fill a page among them is answered there. */
  windowRows: number;
  /** Up to this many matching POGs are then collected from the indexes and sorted here. */
  maxCandidates: number;
}

export const SEARCH_LIMITS: SearchLimits = { windowRows: 500, maxCandidates: 2000 };

/** What a search compares: a POG's name, text and creator's username (the table's columns, or a subquery's). */
interface SearchedFields {
  name: SQLWrapper;
  textContent: SQLWrapper;
  creatorName: SQLWrapper;
}

/** A search term made ready: its text, its ILIKE pattern and the ids of the creators whose username matches. */
export interface SearchTerm {
  text: string;
  pattern: string;
  /** Undefined when more than MAX_LISTED_CREATORS match: the usernames are then checked row by row. */
  creatorIds: UserId[] | undefined;
}

/**
 * The creator's username, read row by row (a primary key lookup per row). An EXISTS in its place
 * was planned as a hash of every player matching the term: for 'a', most of them (50 ms).
 */
const creatorNameOf = (creatorId: SQLWrapper) => sql`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${creatorId})`;

/** A POG's name and text as pogs_search_grams_idx is built on them. */
const pogGramsBody = sql`${pogs.name} || E'\n' || ${pogs.textContent}`;
/** A player's username and display name as users_search_grams_idx is built on them. */
export const userGramsBody = sql`${users.username} || E'\n' || ${users.displayName}`;

/**
 * The matching creators are looked up first through the trigram or grams index on usernames, so
 * that the POGs can be found on pogs_creator_id_idx (a subquery in their place hid how many there
 * are from the planner). A term so common that more than MAX_LISTED_CREATORS players match it is
 * checked row by row instead.
 */
export async function prepareSearch(db: Db, text: string): Promise<SearchTerm> {
  const pattern = likePattern(text);
  const creators = await db
    .select({ id: users.id })
    .from(users)
    .where(and(gramsCondition(userGramsBody, text), foldedLike(users.username, pattern)))
    .limit(MAX_LISTED_CREATORS + 1);
  return { text, pattern, creatorIds: creators.length > MAX_LISTED_CREATORS ? undefined : creators.map((c) => c.id) };
}

/** The search on rows read one by one (a window of the list): the name, the text or the creator's username contains the pattern. */
function searchedRow(pattern: string, fields: SearchedFields): SQL {
  return or(sql`${fields.name} ILIKE ${pattern}`, sql`${fields.textContent} ILIKE ${pattern}`, sql`${fields.creatorName} ILIKE ${pattern}`)!;
}

/**
 * The search: the name, the text or the creator's username contains the term, case-insensitively.
 * Each part has an index: trigram indexes on name and text (migration 0011), pogs_creator_id_idx
 * for the creators found, and `byGrams`, for a term without a trigram, pogs_search_grams_idx
 * (migration 0028). Not `byGrams` when the rows are read in list order: the planner could then
 * prefer collecting every match from that index to walking the list.
 */
export function searchCondition({ text, pattern, creatorIds }: SearchTerm, byGrams = false): SQL {
  const inNameOrText = or(sql`${pogs.name} ILIKE ${pattern}`, sql`${pogs.textContent} ILIKE ${pattern}`)!;
  const byCreator =
    creatorIds === undefined ? sql`${creatorNameOf(pogs.creatorId)} ILIKE ${pattern}` : creatorIds.length > 0 ? inArray(pogs.creatorId, creatorIds) : undefined;
  return or(and(byGrams ? gramsCondition(pogGramsBody, text) : undefined, inNameOrText), byCreator)!;
}

/** A page's conditions, the search apart: listed, the filters, and after the cursor. */
function pageConditions(query: PogListQuery): SQL[] {
  return [...listRange(query), ...filterConditions(query, pogs)];
}

/** Listed and after the cursor: the part of the list order a page is read from (its indexes' own conditions). */
function listRange(query: PogListQuery): SQL[] {
  return [listed, ...afterCursor(query)];
}

/** After the page's cursor in list order (nothing on the first page). */
function afterCursor(query: PogListQuery): SQL[] {
  const cursor = query.cursor ? decodeCursor(query.cursor, cursorSchema) : undefined;
  // A row comparison, not "points < p OR (points = p AND id < i)": PostgreSQL turns only the
  // former into a range on pogs_listed_trending_idx; the OR scanned every earlier page's rows.
  if (cursor && query.sort === 'trending') return [sql`(${trendingPoints}, ${pogs.id}) < (${cursor.points ?? 0}, ${cursor.id})`];
  return cursor ? [lt(pogs.id, cursor.id)] : [];
}

/** The rarity and creator filters, on the table's columns or a subquery's. */
function filterConditions(query: PogListQuery, fields: { rarity: SQLWrapper; creatorId: SQLWrapper }): SQL[] {
  const conditions: SQL[] = [];
  if (query.rarity) conditions.push(sql`${fields.rarity} = ${query.rarity}`);
  if (query.creator) conditions.push(sql`${fields.creatorId} = ${query.creator}`);
  return conditions;
}

/** The list order: newest first, or most points first (newest first among equals). */
function listOrder(query: PogListQuery, fields: { id: SQLWrapper; points: SQLWrapper } = { id: pogs.id, points: trendingPoints }): SQL[] {
  return query.sort === 'trending' ? [sql`${fields.points} DESC`, sql`${fields.id} DESC`] : [sql`${fields.id} DESC`];
}

/**
 * The first page of matches among the first `windowRows` rows of the list (after the cursor), in
 * list order: the rows are read from the list's index, then checked (the filters too, so that a
 * rare rarity cannot make the index read go on); a check cannot be moved below the LIMIT, so at
 * most `windowRows` rows are read whatever the planner guesses.
 */
export function searchWindow(db: Db, query: PogListQuery, text: string, windowRows = SEARCH_LIMITS.windowRows) {
  const window = db
    .select({
      id: pogs.id,
      points: sql<number>`${trendingPoints}`.as('points'),
      name: pogs.name,
      textContent: pogs.textContent,
      creatorId: pogs.creatorId,
      creatorName: sql<string>`${creatorNameOf(pogs.creatorId)}`.as('creator_name'),
      rarity: pogs.rarity,
    })
    .from(pogs)
    .where(and(...listRange(query)))
    .orderBy(...listOrder(query))
    .limit(windowRows)
    .as('list_window');
  return db
    .select({ id: window.id })
    .from(window)
    .where(and(...filterConditions(query, window), searchedRow(likePattern(text), window)))
    .orderBy(...listOrder(query, window))
    .limit(query.limit + 1);
}

/** The page read from the window's matches (`searchWindow`), in one statement: as many rows as the window matched, up to a page and one. */
export function searchWindowPage(db: Db, query: PogListQuery, text: string, windowRows = SEARCH_LIMITS.windowRows) {
  return selectWithNames(db)
    .where(inArray(pogs.id, searchWindow(db, query, text, windowRows)))
    .orderBy(...listOrder(query))
    .limit(query.limit + 1);
}

/**
 * The POGs a searched page may show, in no order, collected from the search's indexes: at most
 * `maxCandidates` + 1.
 */
export function searchCandidates(db: Db, query: PogListQuery, matches: SQL, maxCandidates = SEARCH_LIMITS.maxCandidates): SQL {
  const all = db
    .select({ id: pogs.id, points: sql<number>`${trendingPoints}`.as('points') })
    .from(pogs)
    .where(and(...pageConditions(query), matches));
  return firstRowsPlannedForAll(all, maxCandidates + 1);
}

/** The statement behind one page read in list order, `search` (`searchCondition`) checked row by row. */
export function pogListStatement(db: Db | Tx, query: PogListQuery, search: SQL | undefined) {
  const order = query.sort === 'trending' ? [desc(trendingPoints), desc(pogs.id)] : [desc(pogs.id)];
  return selectWithNames(db)
    .where(and(...pageConditions(query), search))
    .orderBy(...order)
    .limit(query.limit + 1);
}

/** How a searched page was found (for tests): see `searchedPage`. */
export type SearchPath = 'window' | 'candidates' | 'list order';

/**
 * A searched page, by the cheapest of three ways; the planner cannot choose among them, as it
 * cannot know how many POGs a term matches (trigram estimates are rough) and a wrong guess walks
 * the whole list for a rare term:
 * 1. a common term fills a page within the first `windowRows` rows of the list (`searchWindowPage`,
 *    which reads the page itself: one statement);
 * 2. otherwise the matches are collected from the indexes (`firstRowsPlannedForAll`), without
 *    order, up to `maxCandidates`:
 *    when that is all of them, the page is sorted here from those alone and read by id;
 * 3. when there are more, or when the window held enough matches to show it (`frequentInWindow`),
 *    matches are frequent enough that reading the list order fills a page soon.
 */
export async function searchedPage(db: Db, query: PogListQuery, text: string, limits: SearchLimits = SEARCH_LIMITS): Promise<{ rows: PogWithNames[]; path: SearchPath }> {
  const windowed = supportsRawQuery(db)
    ? await readSearchWindowPage(db, query.sort, pageKeys(query), likePattern(text), limits.windowRows, query.limit + 1)
    : await searchWindowPage(db, query, text, limits.windowRows);
  if (windowed.length > query.limit) return { rows: windowed, path: 'window' };
  const term = await prepareSearch(db, text);
  const matches = searchCondition(term);
  // Matches this frequent in the window: the list order reaches a page within about maxCandidates rows.
  if (frequentInWindow(windowed.length, query.limit, limits)) return { rows: await pogListStatement(db, query, matches), path: 'list order' };
  const candidates = await readRows<{ id: PogId; points: number }>(db, searchCandidates(db, query, searchCondition(term, true), limits.maxCandidates));
  if (candidates.length > limits.maxCandidates) return { rows: await pogListStatement(db, query, matches), path: 'list order' };
  const trending = query.sort === 'trending';
  const ids = candidates
    .sort((a, b) => (trending ? Number(b.points) - Number(a.points) : 0) || b.id - a.id)
    .slice(0, query.limit + 1)
    .map((c) => c.id);
  return { rows: await byIds(db, ids), path: 'candidates' };
}

/**
 * Whether `found` matches in a window of `windowRows` rows (short of a page) show matches frequent
 * enough for reading the list order to fill a page of `limit` + 1 within `maxCandidates` rows.
 */
export function frequentInWindow(found: number, limit: number, { windowRows, maxCandidates }: SearchLimits): boolean {
  return found * maxCandidates >= (limit + 1) * windowRows;
}

/** The POGs of these ids, in this order. */
async function byIds(db: Db, ids: PogId[]): Promise<PogWithNames[]> {
  const found = await findPogs(db, ids);
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** A page without search: the hand-written statement (list-page.ts), or Drizzle's on a transaction. */
async function plainPage(db: Db, query: PogListQuery): Promise<PogWithNames[]> {
  if (!supportsRawQuery(db)) return pogListStatement(db, query, undefined);
  return readListPage(db, query.sort, pageKeys(query), query.limit + 1);
}

/** The filters and the cursor's keys of a page, for the hand-written statements (list-page.ts). */
function pageKeys(query: PogListQuery): ListPageKeys {
  const after = query.cursor ? decodeCursor(query.cursor, cursorSchema) : undefined;
  return { rarity: query.rarity, creator: query.creator, after };
}

/**
 * The owner's own POGs hidden by reports that a page of Explore would show if they were listed (the
 * filters, the search and the cursor applied), in list order, at most a page and one: merged into
 * the owner's pages (`listPogs`), since its owner still sees a hidden POG. Read on
 * pogs_hidden_by_reports_idx, which holds the few hidden POGs only.
 */
export async function ownHiddenPogs(db: Db, ownerId: UserId, query: PogListQuery): Promise<PogWithNames[]> {
  return ownHiddenStatement(db, ownerId, query);
}

/** Hand-written (db/raw-query.ts): asked before every signed-in player's Explore page, and nearly always false. */
const HOLDS_HIDDEN: RawStatement = {
  name: 'pogs_holds_hidden',
  text: 'SELECT EXISTS (SELECT 1 FROM pogs WHERE user_id = $1 AND hidden_by_reports) AS "holds"',
  reusable: true,
};

/** Whether the player holds a POG hidden by reports (read on pogs_hidden_by_reports_idx): only then has their Explore a page of its own. */
export async function holdsHiddenPogs(db: Db, ownerId: UserId): Promise<boolean> {
  if (!supportsRawQuery(db)) return (await ownHiddenStatement(db, ownerId, { sort: 'recent', limit: 0 })).length > 0;
  const [row] = await rawQuery<{ holds: boolean }>(db, HOLDS_HIDDEN, [ownerId]);
  return row?.holds === true;
}

/** The statement of `ownHiddenPogs` (exposed so it can be EXPLAINed). */
export function ownHiddenStatement(db: Db | Tx, ownerId: UserId, query: PogListQuery) {
  const conditions = [eq(pogs.userId, ownerId), hiddenByReports, ...afterCursor(query), ...filterConditions(query, pogs)];
  if (query.search) conditions.push(searchCondition({ text: query.search, pattern: likePattern(query.search), creatorIds: undefined }));
  return selectWithNames(db)
    .where(and(...conditions))
    .orderBy(...listOrder(query))
    .limit(query.limit + 1);
}

/** Two sets of rows of the same page range as one, in list order (`listOrder`). */
function inListOrder(query: PogListQuery, rows: PogWithNames[], more: PogWithNames[]): PogWithNames[] {
  const points = (row: PogWithNames) => (query.sort === 'trending' ? (row.pog.points ?? 0) : 0);
  return [...rows, ...more].sort((a, b) => points(b) - points(a) || b.pog.id - a.pog.id);
}

/**
 * One page of listed POGs, newest or trending first, and the cursor of the next page if any. `own`:
 * the viewer's own hidden POGs of this page's range (`ownHiddenPogs`), shown to them in their place.
 */
export async function listPogs(
  db: Db,
  query: PogListQuery,
  limits: SearchLimits = SEARCH_LIMITS,
  own: PogWithNames[] = [],
): Promise<{ rows: PogWithNames[]; nextCursor: string | undefined; following?: PogId | undefined }> {
  const read = query.search ? (await searchedPage(db, query, query.search, limits)).rows : await plainPage(db, query);
  // Each part holds its first limit + 1 rows of the range, so together they hold the page's and whether more follow.
  const rows = own.length ? inListOrder(query, read, own) : read;
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const nextCursor = more && last ? encodeCursor((query.sort === 'trending' ? { id: last.pog.id, points: last.pog.points ?? 0 } : { id: last.pog.id }) satisfies Cursor) : undefined;
  // The first row after the page: it is why a next page is offered (kept pages watch it too).
  return { rows: page, nextCursor, following: more ? rows[query.limit]!.pog.id : undefined };
}

/** A player's POGs, newest first; rejected ones only when the owner asks. */
export async function listOwnedPogs(db: Db, userId: UserId, includeRejected: boolean): Promise<PogWithNames[]> {
  return selectWithNames(db)
    .where(includeRejected ? eq(pogs.userId, userId) : and(eq(pogs.userId, userId), listed))
    .orderBy(desc(pogs.id))
    .limit(500);
}
