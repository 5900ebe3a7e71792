/**
 * Players as others see them: the public profile and how many POGs they hold. Lists are pages in
 * username order (case-insensitive), searchable, and read the counts `player_counts` keeps
 * (player-counts.ts) instead of counting the POG table.
 */
import { and, asc, eq, exists, gt, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { User } from '@pog/common/schemas/auth';
import type { UserId } from '@pog/common/schemas/ids';
import { USER_PAGE_SIZE, type UserListQuery } from '@pog/common/users/directory';
import type { Db } from '../db/client';
import { riskable } from '../battles/repository';
import { playerCounts, pogs, users } from '../db/schema';
import { gramsCondition, likePattern } from '../db/like';
import { firstRowsPlannedForAll, readRows } from '../db/planner';
import { decodeCursor, encodeCursor } from '../db/page-cursor';
import { frequentInWindow, userGramsBody } from '../pogs/repository';
import type { PlayerPageExtent } from './list-changes';
import { toUser } from './repository';

export type PublicUser = User & { pogCount: number };

/** The key of the username order: the unique index users_username_lower_key is on it. */
const nameKey = sql<string>`lower(${users.username})`;
const pogsHeld = sql<number>`coalesce(${playerCounts.pogsHeld}, 0)`;

/** What a page cursor holds: the last player's lower-cased username. */
const cursorSchema = z.object({ name: z.string().max(100) });

export interface PublicUserFilter extends Partial<Omit<UserListQuery, 'canBeChallenged' | 'holding'>> {
  /** Only players who hold a POG they could risk in a battle at this moment (who can be challenged). */
  challengeableAt?: Date | undefined;
  /** Only players holding at least one POG. */
  holding?: boolean | undefined;
}

/** How much work a searched page may do before changing its plan (see `searchedPlayerIds`). */
export interface PlayerSearchLimits {
  /** Players read in name order first: a term common enough to fill a page among them is answered there. */
  windowRows: number;
  /** Up to this many matching players are then collected from the trigram indexes. */
  maxCandidates: number;
}

export const PLAYER_SEARCH_LIMITS: PlayerSearchLimits = { windowRows: 500, maxCandidates: 1000 };

/** A player's searched fields: the table's columns, or a subquery's. */
interface PlayerFields {
  id: SQLWrapper;
  username: SQLWrapper;
  displayName: SQLWrapper;
}

/** Not banned, the preset player, after the cursor: what a page is read from, in name order. */
function baseConditions(filter: PublicUserFilter): SQL[] {
  const conditions: SQL[] = [eq(users.isBanned, false)];
  if (filter.id !== undefined) conditions.push(eq(users.id, filter.id));
  if (filter.cursor) conditions.push(sql`${nameKey} > ${decodeCursor(filter.cursor, cursorSchema).name}`);
  return conditions;
}

/**
 * The search (case-insensitive, anywhere in the username or the display name, a leading @ dropped)
 * and the holding filters. `byGrams`: a term without a trigram is also looked up in
 * users_search_grams_idx (the table's columns only; not when reading in name order, which the
 * planner could then leave for collecting every match).
 */
function matchConditions(db: Db, filter: PublicUserFilter, fields: PlayerFields, byGrams = false): SQL[] {
  const conditions: SQL[] = [];
  if (filter.search) {
    const term = filter.search.replace(/^@/, '');
    const pattern = likePattern(term);
    const grams = byGrams ? gramsCondition(userGramsBody, term) : undefined;
    if (grams) conditions.push(grams);
    conditions.push(or(sql`${fields.username} ILIKE ${pattern}`, sql`${fields.displayName} ILIKE ${pattern}`)!);
  }
  // player_counts is joined by every statement that uses these conditions.
  if (filter.holding) conditions.push(gt(playerCounts.pogsHeld, 0));
  if (filter.challengeableAt) conditions.push(exists(db.select({ id: pogs.id }).from(pogs).where(and(sql`${pogs.userId} = ${fields.id}`, riskable(filter.challengeableAt)))));
  return conditions;
}

/**
 * The statement behind one page of `listPublicUsers`.
 * With `ids` (a list or a statement that selects them), the page is read among those players only,
 * already found to match (`searchedPlayerPage`).
 */
export function publicUserListStatement(db: Db, filter: PublicUserFilter = {}, ids?: UserId[] | SQLWrapper) {
  const conditions = [...baseConditions(filter), ...(ids ? [inArray(users.id, ids)] : matchConditions(db, filter, users))];
  return db
    .select({ user: users, held: pogsHeld, key: nameKey })
    .from(users)
    .leftJoin(playerCounts, eq(playerCounts.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(nameKey))
    .limit((filter.limit ?? USER_PAGE_SIZE) + 1);
}

/**
 * The first page of matches among the first `windowRows` players in name order (after the
 * cursor): the players are read from the name index (users_name_order_idx holds all the window
 * reads: an index-only scan), then checked; the check cannot be moved below the LIMIT, so at most
 * `windowRows` players are read whatever the planner guesses.
 */
export function playerSearchWindow(db: Db, filter: PublicUserFilter, windowRows = PLAYER_SEARCH_LIMITS.windowRows) {
  const window = db
    .select({ id: users.id, key: sql<string>`${nameKey}`.as('key'), username: users.username, displayName: users.displayName })
    .from(users)
    .where(and(...baseConditions(filter)))
    .orderBy(asc(nameKey))
    .limit(windowRows)
    .as('name_window');
  return db
    .select({ id: window.id })
    .from(window)
    .leftJoin(playerCounts, eq(playerCounts.userId, window.id))
    .where(and(...matchConditions(db, filter, window)))
    .orderBy(asc(window.key))
    .limit((filter.limit ?? USER_PAGE_SIZE) + 1);
}

/**
 * The page read from the window's matches (`playerSearchWindow`), in one statement: as many rows
 * as the window matched, up to a page and one.
 */
export function playerSearchWindowPage(db: Db, filter: PublicUserFilter, windowRows = PLAYER_SEARCH_LIMITS.windowRows) {
  return publicUserListStatement(db, filter, playerSearchWindow(db, filter, windowRows));
}

/** The matching players in no order, from the trigram indexes: at most `maxCandidates` + 1. */
export function playerSearchCandidates(db: Db, filter: PublicUserFilter, maxCandidates = PLAYER_SEARCH_LIMITS.maxCandidates): SQL {
  const all = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(playerCounts, eq(playerCounts.userId, users.id))
    .where(and(...baseConditions(filter), ...matchConditions(db, filter, users, true)));
  return firstRowsPlannedForAll(all, maxCandidates + 1);
}

/** How a searched page was found (for tests): see `searchedPlayerPage`. */
export type PlayerSearchPath = 'window' | 'candidates' | 'name order';

type PageRow = Awaited<ReturnType<typeof publicUserListStatement>>[number];

/**
 * A searched page, by the cheapest of three ways (the planner cannot know how many players a term
 * matches, and a wrong guess walks the whole name order for a rare one):
 * 1. a common term fills a page within the first `windowRows` players (`playerSearchWindowPage`,
 *    which reads the page itself: one statement);
 * 2. otherwise the matches are collected from the trigram indexes (`firstRowsPlannedForAll`: under
 *    a plain LIMIT the planner would check rows in storage order), up to `maxCandidates`, and the
 *    page is read among them;
 * 3. when there are more, or the window held enough to show it (`frequentInWindow`), matches are
 *    frequent enough that the name order fills a page soon.
 */
export async function searchedPlayerPage(db: Db, filter: PublicUserFilter, limits: PlayerSearchLimits = PLAYER_SEARCH_LIMITS): Promise<{ rows: PageRow[]; path: PlayerSearchPath }> {
  const windowed = await playerSearchWindowPage(db, filter, limits.windowRows);
  const limit = filter.limit ?? USER_PAGE_SIZE;
  if (windowed.length > limit) return { rows: windowed, path: 'window' };
  if (frequentInWindow(windowed.length, limit, limits)) return { rows: await publicUserListStatement(db, filter), path: 'name order' };
  const candidates = await readRows<{ id: UserId }>(db, playerSearchCandidates(db, filter, limits.maxCandidates));
  if (candidates.length > limits.maxCandidates) return { rows: await publicUserListStatement(db, filter), path: 'name order' };
  const rows = candidates.length === 0 ? [] : await publicUserListStatement(db, filter, candidates.map((row) => row.id));
  return { rows, path: 'candidates' };
}

/** One page of players who are not banned, and the cursor of the next page if any. */
export async function listPublicUsers(db: Db, filter: PublicUserFilter = {}, limits: PlayerSearchLimits = PLAYER_SEARCH_LIMITS): Promise<{ rows: PublicUser[]; nextCursor: string | undefined }> {
  const { rows, nextCursor } = await readPublicUserPage(db, filter, limits);
  return { rows, nextCursor };
}

/** `listPublicUsers`'s page with what changes can touch it (users/list-changes.ts), for keeping it. */
export async function readPublicUserPage(db: Db, filter: PublicUserFilter = {}, limits: PlayerSearchLimits = PLAYER_SEARCH_LIMITS): Promise<{ rows: PublicUser[]; nextCursor: string | undefined; extent: PlayerPageExtent }> {
  const limit = filter.limit ?? USER_PAGE_SIZE;
  const rows = filter.search ? (await searchedPlayerPage(db, filter, limits)).rows : await publicUserListStatement(db, filter);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  const extent: PlayerPageExtent = {
    // The row after the page too: its leaving can take the next page away.
    ids: rows.map((r) => r.user.id),
    after: filter.cursor ? decodeCursor(filter.cursor, cursorSchema).name : undefined,
    through: more && last ? last.key : undefined,
  };
  return { rows: page.map((r) => ({ ...toUser(r.user), pogCount: Number(r.held) })), nextCursor: more && last ? encodeCursor({ name: last.key }) : undefined, extent };
}

export async function findPublicUser(db: Db, id: UserId): Promise<PublicUser | undefined> {
  const [row] = await db.select({ user: users, held: pogsHeld }).from(users).leftJoin(playerCounts, eq(playerCounts.userId, users.id)).where(eq(users.id, id)).limit(1);
  return row && { ...toUser(row.user), pogCount: Number(row.held) };
}
