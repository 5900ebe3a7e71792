/**
 * Players as others see them: the public profile and how many POGs they hold. Lists are pages in
 * username order (case-insensitive), searchable, and read the counts `player_counts` keeps
 * (player-counts.ts) instead of counting the POG table.
 */
import { and, asc, eq, exists, gt, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { USERNAME_CHARACTERS, type User } from '@pog/common/schemas/auth';
import type { UserId } from '@pog/common/schemas/ids';
import { USER_PAGE_SIZE, type UserListQuery } from '@pog/common/users/directory';
import type { Db } from '../db/client';
import { riskable } from '../battles/repository';
import { playerCounts, pogs, users } from '../db/schema';
import { foldedLike, gramsCondition, likePattern } from '../db/like';
import { firstRowsPlannedForAll } from '../db/planner';
import { decodeCursor, encodeCursor } from '../db/page-cursor';
import { frequentInWindow, userGramsBody } from '../pogs/repository';
import type { PlayerPageExtent } from './list-changes';
import { NAME_MATCHES_MAX_PLAYERS, type NameMatches, possibleMatches, type RecentNameMatches } from './name-matches';
import { toUser } from './repository';

export type PublicUser = User & { pogCount: number };

/** The key of the username order: the unique index users_username_lower_key is on it. */
const nameKey = sql<string>`lower(${users.username})`;
/** The display name lower-cased: users_name_search_idx holds it beside the name key. */
const foldedDisplayName = sql<string>`lower(${users.displayName})`;
const pogsHeld = sql<number>`coalesce(${playerCounts.pogsHeld}, 0)`;
/** What a list page reads of each player (users joined to player_counts): the row, the POGs held, the name key. */
const pageFields = { user: users, held: pogsHeld, key: nameKey };

/** What a page cursor holds: the last player's lower-cased username. */
const cursorSchema = z.object({ name: z.string().max(100) });

export interface PublicUserFilter extends Partial<Omit<UserListQuery, 'canBeChallenged' | 'holding'>> {
  /** Only players who hold a POG they could risk in a battle at this moment (who can be challenged). */
  challengeableAt?: Date | undefined;
  /** Only players holding at least one POG. */
  holding?: boolean | undefined;
}

/** How much work a searched page may do before changing its plan (see `searchedPlayerPage`). */
export interface PlayerSearchLimits {
  /** Players read in name order first: a term common enough to fill a page among them is answered there. */
  windowRows: number;
  /** Up to this many matching players are then collected from the trigram indexes. */
  maxCandidates: number;
  /**
   * When there are more (or the window showed them frequent): players read on in name order at
   * most, before every match is collected and sorted instead. Undefined: read on until a page is full.
   */
  walkRows?: number | undefined;
}

/**
 * A window of 2,000 players costs about what 150 candidates do (each candidate is read from the
 * table and its name lower-cased; a window's player is a plain LIKE on the index). 5,000 candidates:
 * a term in a twentieth of 100,000 players whose matches sit together in the name order (a name's
 * first word) is collected, not walked to. A walk of 20,000 players, for a term frequent in the
 * window but rare further on, costs about as much as collecting 1,500 matches.
 */
export const PLAYER_SEARCH_LIMITS: PlayerSearchLimits = { windowRows: 2000, maxCandidates: 5000, walkRows: 20_000 };

/** A player's fields as read in name order from users_name_search_idx: lower-cased, as ILIKE compares them. */
interface FoldedPlayerFields {
  id: SQLWrapper;
  key: SQLWrapper;
  foldedDisplayName: SQLWrapper;
}

/** Not banned, the preset player, after the cursor: what a page is read from, in name order. */
function baseConditions(filter: PublicUserFilter): SQL[] {
  const conditions: SQL[] = [eq(users.isBanned, false)];
  if (filter.id !== undefined) conditions.push(eq(users.id, filter.id));
  if (filter.cursor) conditions.push(sql`${nameKey} > ${decodeCursor(filter.cursor, cursorSchema).name}`);
  return conditions;
}

/** The term searched: case-insensitive, anywhere in the username or the display name, a leading @ dropped. */
const searchedTerm = (filter: PublicUserFilter) => filter.search?.replace(/^@/, '');

/**
 * Whether a term can match a username: not when it holds an ASCII character no username may hold
 * (a space, an '@', a '%'; the database checks usernames with the same rule). Only ASCII counts:
 * no case mapping takes an ASCII character to another, while one outside ASCII may match a
 * username's letter case-insensitively (the Kelvin sign matches a 'k').
 */
const mayMatchUsername = (term: string): boolean => ![...term].some((c) => c < '\x80' && !USERNAME_CHARACTERS.test(c));

/** A term's match on either name, or on the display name alone when no username can hold the term. */
const eitherName = (term: string, byUsername: SQL, byDisplayName: SQL): SQL => (mayMatchUsername(term) ? or(byUsername, byDisplayName)! : byDisplayName);

/**
 * The search (case-insensitive, anywhere in the username or the display name) on the table's
 * columns. `byGrams`: a term without a trigram is also looked up in users_search_grams_idx.
 */
function searchConditions(filter: PublicUserFilter, byGrams: boolean): SQL[] {
  const term = searchedTerm(filter);
  if (!term) return [];
  const pattern = likePattern(term);
  const grams = byGrams ? gramsCondition(userGramsBody, term) : undefined;
  return [...(grams ? [grams] : []), eitherName(term, foldedLike(users.username, pattern), foldedLike(users.displayName, pattern))];
}

/** Holding a POG, looked up per player checked (a join could be planned as a hash of every player's counts). */
const holdsPogs = (id: SQLWrapper) => sql`(SELECT ${playerCounts.pogsHeld} FROM ${playerCounts} WHERE ${playerCounts.userId} = ${id}) > 0`;

/** Holding a POG one could risk in a battle at that moment. */
function challengeable(db: Db, filter: PublicUserFilter, id: SQLWrapper): SQL[] {
  return filter.challengeableAt ? [exists(db.select({ id: pogs.id }).from(pogs).where(and(sql`${pogs.userId} = ${id}`, riskable(filter.challengeableAt))))] : [];
}

/**
 * The search and the list's filters on players read in name order from users_name_search_idx: the
 * term compared with the lower-cased fields by LIKE, which is what ILIKE does (it lower-cases both
 * sides, then compares as LIKE), the lower-cased fields read from the index instead of computed
 * again for each player.
 */
function foldedMatchConditions(db: Db, filter: PublicUserFilter, fields: FoldedPlayerFields): SQL[] {
  const conditions: SQL[] = [];
  const term = searchedTerm(filter);
  if (term) {
    const folded = sql`lower(${likePattern(term)})`;
    conditions.push(eitherName(term, sql`${fields.key} LIKE ${folded}`, sql`${fields.foldedDisplayName} LIKE ${folded}`));
  }
  if (filter.holding) conditions.push(holdsPogs(fields.id));
  return [...conditions, ...challengeable(db, filter, fields.id)];
}

/**
 * The statement behind one page of `listPublicUsers`.
 * With `ids` (a list or a statement that selects them), the page is read among those players only,
 * already found to match (`searchedPlayerPage`). With `within`, among those players, checked as any.
 */
export function publicUserListStatement(db: Db, filter: PublicUserFilter = {}, ids?: UserId[] | SQLWrapper, within?: SQLWrapper) {
  const matches = [...searchConditions(filter, false), ...(filter.holding ? [gt(playerCounts.pogsHeld, 0)] : []), ...challengeable(db, filter, users.id)];
  const conditions = [...baseConditions(filter), ...(ids ? [inArray(users.id, ids)] : matches), ...(within ? [sql`${users.id} = ANY(ARRAY(${within}))`] : [])];
  return db
    .select(pageFields)
    .from(users)
    .leftJoin(playerCounts, eq(playerCounts.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(nameKey))
    .limit((filter.limit ?? USER_PAGE_SIZE) + 1);
}

/**
 * The first page of matches among the first `windowRows` players in name order (after the
 * cursor): the players are read from users_name_search_idx alone (an index-only scan), then
 * checked; the check cannot be moved below the LIMIT, so at most `windowRows` players are read
 * whatever the planner guesses. Also the walk on in name order, with a larger `windowRows`.
 */
export function playerSearchWindow(db: Db, filter: PublicUserFilter, windowRows = PLAYER_SEARCH_LIMITS.windowRows) {
  const window = db
    .select({ id: users.id, key: sql<string>`${nameKey}`.as('key'), foldedDisplayName: sql<string>`${foldedDisplayName}`.as('folded_display_name') })
    .from(users)
    .where(and(...baseConditions(filter)))
    .orderBy(asc(nameKey))
    .limit(windowRows)
    .as('name_window');
  return db
    .select({ id: window.id })
    .from(window)
    .where(and(...foldedMatchConditions(db, filter, window)))
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

/**
 * The players whose names match, collected from the trigram indexes, at most `maxCandidates` + 1 of
 * them (null: all), and the first page and one in name order of those the list's filters keep:
 * their ids in no order (`id`, null when there are none), and how many names matched (`found`, on
 * every row). Sorted by the database, in the collation of the list's order; the filters are checked
 * on the sorted matches until a page is full (OFFSET 0 keeps the planner from checking them on every
 * match before the sort), not on each one collected.
 */
export function playerSearchCandidates(db: Db, filter: PublicUserFilter, maxCandidates: number | null, withMatches = false): SQL {
  const all = db
    .select({ id: users.id, key: sql<string>`${nameKey}`.as('key') })
    .from(users)
    .where(and(...baseConditions(filter), ...searchConditions(filter, true)));
  // Counting every collected row keeps the planner from reading the name order until a page is full.
  const collected = maxCandidates === null ? sql`${all}` : firstRowsPlannedForAll(all, maxCandidates + 1);
  const id = sql`sorted.id`;
  const filters = [...(filter.holding ? [holdsPogs(id)] : []), ...challengeable(db, filter, id)];
  // `withMatches`: the matches too, when few, on a row of their own (no page player), and on every
  // row the snapshot they were read at, the statement's own (name-matches.ts).
  const matches = withMatches
    ? sql`UNION ALL SELECT found.n, NULL, (SELECT array_agg(id) FROM collected), found.snapshot FROM found WHERE found.n <= ${NAME_MATCHES_MAX_PLAYERS}`
    : sql``;
  return sql`WITH collected AS MATERIALIZED (${collected}),
    found AS (SELECT count(*) AS n${withMatches ? sql`, pg_current_snapshot()::text AS snapshot` : sql``} FROM collected)
    SELECT found.n AS found, page.id${withMatches ? sql`, NULL::int[] AS ids, found.snapshot` : sql``} FROM found
    LEFT JOIN (
      SELECT sorted.id FROM (SELECT id, key FROM collected ORDER BY key OFFSET 0) AS sorted
      ${filters.length ? sql`WHERE ${and(...filters)}` : sql``} LIMIT ${(filter.limit ?? USER_PAGE_SIZE) + 1}
    ) AS page ON true
    ${matches}`;
}

/** How a searched page was found (for tests): see `searchedPlayerPage`. */
export type PlayerSearchPath = 'window' | 'candidates' | 'name order' | 'all matches' | 'narrowed';

type PageRow = Awaited<ReturnType<typeof publicUserListStatement>>[number];

interface SearchedPage {
  rows: PageRow[];
  path: PlayerSearchPath;
  /** Every player the term matched, when they were all collected and few (name-matches.ts). */
  matches?: NameMatches | undefined;
}

/**
 * The page among the players `playerSearchCandidates` found, and how many names matched (with
 * them, when all were collected and few): one statement, the page's players joined to its answer
 * (which has a row even when the page is empty).
 */
async function collectedPage(db: Db, filter: PublicUserFilter, maxCandidates: number | null): Promise<{ rows: PageRow[]; found: number; matches?: NameMatches | undefined }> {
  const answer = sql.raw('collected_page');
  const joined = await db
    .select({ ...pageFields, found: sql<number | string>`${answer}.found`, ids: sql<Array<number | string> | null>`${answer}.ids`, snapshot: sql<string>`${answer}.snapshot` })
    .from(sql`(${playerSearchCandidates(db, filter, maxCandidates, true)}) AS ${answer}`)
    .leftJoin(users, sql`${users.id} = ${answer}.id`)
    .leftJoin(playerCounts, eq(playerCounts.userId, users.id))
    .orderBy(asc(nameKey));
  const found = Number(joined[0]?.found ?? 0);
  if (maxCandidates !== null && found > maxCandidates) return { rows: [], found };
  const all = joined.find((row) => row.ids);
  // Only a set read for every player (no cursor, no one player asked for) holds all of a term's matches.
  const whole = all?.ids && !filter.cursor && filter.id === undefined;
  const matches = whole ? { term: searchedTerm(filter)!, ids: all.ids!.map((id) => Number(id) as UserId), snapshot: all.snapshot } : undefined;
  return { rows: joined.flatMap(({ user, held, key }) => (user ? [{ user, held, key }] : [])), found, matches };
}

/**
 * A searched page, by the cheapest of four ways (the planner cannot know how many players a term
 * matches, nor where they are in the name order, and a wrong guess walks the whole name order for a
 * rare one):
 * 1. a common term fills a page within the first `windowRows` players (`playerSearchWindowPage`,
 *    which reads the page itself: one statement);
 * 2. otherwise the matches are collected from the trigram indexes (`firstRowsPlannedForAll`: under
 *    a plain LIMIT the planner would check rows in storage order), up to `maxCandidates`, and the
 *    first page of them is sorted out in the same statement;
 * 3. when there are more, or the window held enough to show it (`frequentInWindow`), matches are
 *    frequent enough that the name order fills a page soon: read on, `walkRows` players at most;
 * 4. matches frequent in all but the first part of the name order (the names of a first word): all
 *    of them are collected and sorted.
 * With `known`, the matches of a term this one extends (name-matches.ts), the page is read among
 * those players and the ones changed since, in one statement.
 */
export async function searchedPlayerPage(db: Db, filter: PublicUserFilter, limits: PlayerSearchLimits = PLAYER_SEARCH_LIMITS, known?: NameMatches): Promise<SearchedPage> {
  if (known) return { rows: await publicUserListStatement(db, filter, undefined, possibleMatches(known)), path: 'narrowed' };
  const windowed = await playerSearchWindowPage(db, filter, limits.windowRows);
  const limit = filter.limit ?? USER_PAGE_SIZE;
  if (windowed.length > limit) return { rows: windowed, path: 'window' };
  const walk = async (): Promise<SearchedPage> => {
    const walked = await playerSearchWindowPage(db, filter, limits.walkRows ?? Number.MAX_SAFE_INTEGER);
    if (walked.length > limit || limits.walkRows === undefined) return { rows: walked, path: 'name order' };
    return { rows: (await collectedPage(db, filter, null)).rows, path: 'all matches' };
  };
  if (frequentInWindow(windowed.length, limit, limits)) return walk();
  const { rows, found, matches } = await collectedPage(db, filter, limits.maxCandidates);
  return found > limits.maxCandidates ? walk() : { rows, path: 'candidates', matches };
}

/** One page of players who are not banned, and the cursor of the next page if any. */
export async function listPublicUsers(db: Db, filter: PublicUserFilter = {}, limits: PlayerSearchLimits = PLAYER_SEARCH_LIMITS): Promise<{ rows: PublicUser[]; nextCursor: string | undefined }> {
  const { rows, nextCursor } = await readPublicUserPage(db, filter, limits);
  return { rows, nextCursor };
}

/**
 * A page's rows and one more. With `recent`, a searched first page is read among the remembered
 * matches of a term it extends, and a search that collected all its matches, when few, leaves them
 * there (name-matches.ts).
 */
async function pageRows(db: Db, filter: PublicUserFilter, limits: PlayerSearchLimits, recent: RecentNameMatches | undefined): Promise<PageRow[]> {
  if (!filter.search) return publicUserListStatement(db, filter);
  const searched = await searchedPlayerPage(db, filter, limits, filter.cursor ? undefined : recent?.covering(searchedTerm(filter)!));
  if (searched.matches) recent?.remember(searched.matches);
  return searched.rows;
}

/** `listPublicUsers`'s page with what changes can touch it (users/list-changes.ts), for keeping it; `recent`: see `pageRows`. */
export async function readPublicUserPage(
  db: Db,
  filter: PublicUserFilter = {},
  limits: PlayerSearchLimits = PLAYER_SEARCH_LIMITS,
  recent?: RecentNameMatches,
): Promise<{ rows: PublicUser[]; nextCursor: string | undefined; extent: PlayerPageExtent }> {
  const limit = filter.limit ?? USER_PAGE_SIZE;
  const rows = await pageRows(db, filter, limits, recent);
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
