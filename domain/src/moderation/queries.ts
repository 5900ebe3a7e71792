/**
 * What the admin panel lists: flagged and all POGs (rejected ones included), players, reports. The
 * lists come a page at a time, newest first (the review queue also most reported first), each page
 * with how many rows match in all.
 */
import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { reportsCursor, type AdminPogListQuery, type AdminQueueQuery, type AdminUser, type AdminUserListQuery, type PogReport } from '@pog/common/moderation/schemas';
import type { Db, Tx } from '../db/client';
import { pogReports, pogs, users, type UserRow } from '../db/schema';
import type { PogWithNames } from '../pogs/repository';
import { likePattern } from '../db/like';
import type { PogId } from '@pog/common/schemas/ids';

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

function selectPogs(db: Db | Tx) {
  return db
    .select({ pog: pogs, username: owner.username, creatorUsername: creator.username })
    .from(pogs)
    .innerJoin(owner, eq(owner.id, pogs.userId))
    .innerJoin(creator, eq(creator.id, pogs.creatorId));
}

/**
 * POGs waiting for a decision: flagged (automatically or by a report) and not rejected. A rejected
 * POG stays `isFlagged` (product spec: states) but has been reviewed, so it leaves the queue.
 * Written as the predicate of pogs_awaiting_review_idx (literals, not parameters), so the planner
 * can prove the index covers the query.
 */
export const awaitingReview = sql`${pogs.isFlagged} AND ${pogs.moderationStatus} <> 'rejected'`;

/** One page of an admin list: its rows, the cursor of the next page (null on the last), and how many rows match in all. */
export interface AdminListPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  total: number;
}

/** The page of `limit` rows out of `fetched` (one more asked for, to know whether a next page exists). */
function toPage<Row>(fetched: Row[], limit: number, cursorOf: (row: Row) => string, total: number): AdminListPage<Row> {
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  return { rows, nextCursor: fetched.length > limit && last ? cursorOf(last) : null, total };
}

/** A page of the POG lists: All POGs is newest first; the review queue may be ordered by reports. */
export type AdminPogPageQuery = AdminPogListQuery | AdminQueueQuery;

const byReports = (query: AdminPogPageQuery) => 'sort' in query && query.sort === 'reports';

/**
 * After the previous page's last row in the list's order: its id, or most reported first its
 * report count and id, as a row comparison, which PostgreSQL reads as one range of
 * pogs_review_by_reports_idx (report_count, id).
 */
function afterCursor(query: AdminPogPageQuery): SQL[] {
  if (!query.before) return [];
  if (byReports(query)) return [sql`(${pogs.reportCount}, ${pogs.id}) < (${(query as AdminQueueQuery).beforeReports ?? 0}, ${query.before})`];
  return [lt(pogs.id, query.before)];
}

/**
 * Newest first, or (the review queue, `sort=reports`) most reported first and newest first among
 * equals, the cursor holding the report count too. `search` matches the name or the owner's
 * username, ignoring case. The total counts every match exactly (the filter applied, not the
 * cursor): the review queue's count reads the small index of the POGs awaiting review, the rest the
 * table.
 */
export async function listPogsForAdmin(db: Db, query: AdminPogPageQuery, onlyAwaitingReview: boolean): Promise<AdminListPage<PogWithNames>> {
  const filter: SQL[] = [];
  if (onlyAwaitingReview) filter.push(awaitingReview);
  if (query.search) filter.push(or(ilike(pogs.name, likePattern(query.search)), ilike(owner.username, likePattern(query.search)))!);
  const counting = db.select({ total: count() }).from(pogs);
  // The owner's name is only read for a search; every POG has an owner, so the count is the same.
  const counted = query.search ? counting.innerJoin(owner, eq(owner.id, pogs.userId)) : counting;
  const [fetched, [totals]] = await Promise.all([adminPogPageStatement(db, query, filter), counted.where(and(...filter))]);
  const cursorOf = byReports(query) ? (row: PogWithNames) => reportsCursor(row.pog.reportCount, row.pog.id) : (row: PogWithNames) => String(row.pog.id);
  return toPage(fetched, query.limit, cursorOf, totals?.total ?? 0);
}

/** One page's rows (and one more) of a POG list under `filter`, in its order (exposed so it can be EXPLAINed). */
export function adminPogPageStatement(db: Db | Tx, query: AdminPogPageQuery, filter: SQL[]) {
  return selectPogs(db)
    .where(and(...filter, ...afterCursor(query)))
    .orderBy(...(byReports(query) ? [desc(pogs.reportCount), desc(pogs.id)] : [desc(pogs.id)]))
    .limit(query.limit + 1);
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    isBanned: row.isBanned,
    banReason: row.banReason,
    lastModeratedAt: row.lastModeratedAt?.toISOString() ?? null,
  };
}

/** Players, newest account first (a new sign-up is on the first page); `search` matches the username, ignoring case. */
export async function listUsersForAdmin(db: Db, query: AdminUserListQuery): Promise<AdminListPage<AdminUser>> {
  const filter: SQL[] = [];
  if (query.search) filter.push(ilike(users.username, likePattern(query.search)));
  const page = query.before ? [...filter, lt(users.id, query.before)] : filter;
  const [fetched, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(...page))
      .orderBy(desc(users.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(users).where(and(...filter)),
  ]);
  const { rows, nextCursor, total } = toPage(fetched, query.limit, (row) => String(row.id), totals?.total ?? 0);
  return { rows: rows.map(toAdminUser), nextCursor, total };
}

/** The reports of one POG, newest first, with the reporters' names. */
export async function listReports(db: Db, pogId: PogId): Promise<PogReport[]> {
  const rows = await db
    .select({ report: pogReports, username: users.username })
    .from(pogReports)
    .innerJoin(users, eq(users.id, pogReports.userId))
    .where(eq(pogReports.pogId, pogId))
    .orderBy(desc(pogReports.id));
  return rows.map(({ report, username }) => ({
    id: report.id,
    pogId: report.pogId,
    userId: report.userId,
    username,
    reason: report.reason,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  }));
}
