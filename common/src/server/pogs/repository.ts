/** Reading POGs with their owner and creator names, and listing them with keyset pagination. */
import { and, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { cooldownHoursLeft } from '../../pogs/cooldown';
import type { Pog, PogListQuery } from '../../pogs/pog';
import { idSchema, INT4 } from '../../schemas/ids';
import type { Db, Tx } from '../db/client';
import { likePattern } from '../db/like';
import { decodeCursor, encodeCursor } from '../db/page-cursor';
import { supportsRawQuery } from '../db/raw-query';
import { pogs, users, type PogRow } from '../db/schema';
import { readListPage } from './list-page';

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

const withNames = { pog: pogs, username: owner.username, creatorUsername: creator.username };

export interface PogWithNames {
  pog: PogRow;
  username: string;
  creatorUsername: string;
}

/**
 * A POG as anyone may see it: the moderator's notes are left out (null). The default, so that a
 * list, a trade, a battle or an event cannot leak them by a caller forgetting.
 */
export function toPog(found: PogWithNames, now: Date): Pog {
  return { ...toPogWithNotes(found, now), moderationNotes: null };
}

/** The POG with the moderator's notes: only for admin answers and events, and its owner's own view. */
export function toPogFor(viewerId: number | undefined, found: PogWithNames, now: Date): Pog {
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
    createdAt: pog.createdAt.toISOString(),
  };
}

function selectWithNames(db: Db | Tx) {
  return db.select(withNames).from(pogs).innerJoin(owner, eq(owner.id, pogs.userId)).innerJoin(creator, eq(creator.id, pogs.creatorId));
}

export async function findPog(db: Db | Tx, id: number): Promise<PogWithNames | undefined> {
  const rows = await selectWithNames(db).where(eq(pogs.id, id)).limit(1);
  return rows[0];
}

export async function findPogs(db: Db | Tx, ids: number[]): Promise<Map<number, PogWithNames>> {
  if (ids.length === 0) return new Map();
  const rows = await selectWithNames(db).where(inArray(pogs.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.pog.id, r]));
}

/** A rejected POG is hidden from everyone but its owner (and the admins' own endpoints). */
export const listed = ne(pogs.moderationStatus, 'rejected');

/** What a page cursor holds: the last row's id (and points when trending), checked like any id. */
const cursorSchema = z.object({ id: idSchema('The cursor'), points: z.number().int().min(INT4.min).max(INT4.max).optional() });
type Cursor = z.infer<typeof cursorSchema>;

const trendingPoints = sql<number>`coalesce(${pogs.points}, 0)`;

/** Above this many creators matching a search, their ids are not listed (see `searchMatches`). */
const MAX_LISTED_CREATORS = 500;
/** Up to this many matching POGs are sorted here and read by id (see `searchedPage`). */
const MAX_SEARCH_CANDIDATES = 2000;

/**
 * The search: the name, the text or the creator's username contains the term, case-insensitively.
 * Each part has an index (migration 0011): trigram indexes on name and text, and the matching
 * creators' ids, looked up first through the trigram index on usernames, on pogs_creator_id_idx
 * (a subquery in their place hid how many there are from the planner). A term so common that more
 * than MAX_LISTED_CREATORS players match it is checked row by row instead.
 */
export async function searchMatches(db: Db, term: string): Promise<SQL> {
  const pattern = likePattern(term);
  const creators = await db.select({ id: users.id }).from(users).where(ilike(users.username, pattern)).limit(MAX_LISTED_CREATORS + 1);
  const byCreator =
    creators.length > MAX_LISTED_CREATORS
      ? sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${pogs.creatorId} AND ${users.username} ILIKE ${pattern})`
      : creators.length > 0
        ? inArray(pogs.creatorId, creators.map((c) => c.id))
        : undefined;
  return or(ilike(pogs.name, pattern), ilike(pogs.textContent, pattern), byCreator)!;
}

/** A page's conditions, the search apart: listed, the filters, and after the cursor. */
function pageConditions(query: PogListQuery): SQL[] {
  const conditions: SQL[] = [listed];
  if (query.rarity) conditions.push(eq(pogs.rarity, query.rarity));
  if (query.creator) conditions.push(eq(pogs.creatorId, query.creator));
  const cursor = query.cursor ? decodeCursor(query.cursor, cursorSchema) : undefined;
  if (cursor && query.sort === 'trending') {
    // A row comparison, not "points < p OR (points = p AND id < i)": PostgreSQL turns only the
    // former into a range on pogs_listed_trending_idx; the OR scanned every earlier page's rows.
    conditions.push(sql`(${trendingPoints}, ${pogs.id}) < (${cursor.points ?? 0}, ${cursor.id})`);
  } else if (cursor) {
    conditions.push(lt(pogs.id, cursor.id));
  }
  return conditions;
}

/**
 * The POGs a searched page may show, in no order, collected from the search's indexes: at most
 * MAX_SEARCH_CANDIDATES + 1 (also for EXPLAIN in infra/bench/explore-search.ts).
 */
export function searchCandidates(db: Db, query: PogListQuery, matches: SQL) {
  return db
    .select({ id: pogs.id, points: trendingPoints })
    .from(pogs)
    .where(and(...pageConditions(query), matches))
    .limit(MAX_SEARCH_CANDIDATES + 1);
}

/** The statement behind one page read in list order, `search` (`searchMatches`) checked row by row. */
export function pogListStatement(db: Db, query: PogListQuery, search: SQL | undefined) {
  const order = query.sort === 'trending' ? [desc(trendingPoints), desc(pogs.id)] : [desc(pogs.id)];
  return selectWithNames(db)
    .where(and(...pageConditions(query), search))
    .orderBy(...order)
    .limit(query.limit + 1);
}

/**
 * A searched page. The planner cannot know how many POGs a term matches (trigram estimates are
 * rough), and a wrong guess walks the whole list order for a rare term. So the matches are first
 * collected without order from the indexes, up to MAX_SEARCH_CANDIDATES: when that is all of them,
 * the page is sorted here from those alone and its rows read by id; when there are more, the term
 * is common and reading the list order fills a page quickly.
 */
async function searchedPage(db: Db, query: PogListQuery, term: string): Promise<PogWithNames[]> {
  const matches = await searchMatches(db, term);
  const candidates = await searchCandidates(db, query, matches);
  if (candidates.length > MAX_SEARCH_CANDIDATES) return pogListStatement(db, query, matches);
  const trending = query.sort === 'trending';
  const ids = candidates
    .sort((a, b) => (trending ? Number(b.points) - Number(a.points) : 0) || b.id - a.id)
    .slice(0, query.limit + 1)
    .map((c) => c.id);
  const found = await findPogs(db, ids);
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** A page without search: the hand-written statement (list-page.ts), or Drizzle's on a transaction. */
async function plainPage(db: Db, query: PogListQuery): Promise<PogWithNames[]> {
  if (!supportsRawQuery(db)) return pogListStatement(db, query, undefined);
  const after = query.cursor ? decodeCursor(query.cursor, cursorSchema) : undefined;
  return readListPage(db, query.sort, { rarity: query.rarity, creator: query.creator, after }, query.limit + 1);
}

/** One page of listed POGs, newest or trending first, and the cursor of the next page if any. */
export async function listPogs(db: Db, query: PogListQuery): Promise<{ rows: PogWithNames[]; nextCursor: string | undefined }> {
  const rows = query.search ? await searchedPage(db, query, query.search) : await plainPage(db, query);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const nextCursor = more && last ? encodeCursor((query.sort === 'trending' ? { id: last.pog.id, points: last.pog.points ?? 0 } : { id: last.pog.id }) satisfies Cursor) : undefined;
  return { rows: page, nextCursor };
}

/** A player's POGs, newest first; rejected ones only when the owner asks. */
export async function listOwnedPogs(db: Db, userId: number, includeRejected: boolean): Promise<PogWithNames[]> {
  return selectWithNames(db)
    .where(includeRejected ? eq(pogs.userId, userId) : and(eq(pogs.userId, userId), listed))
    .orderBy(desc(pogs.id))
    .limit(500);
}
