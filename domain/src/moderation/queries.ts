/** What the admin panel lists: flagged and all POGs (rejected ones included), players, reports. */
import { and, asc, desc, eq, ilike, lt, ne, or, gt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPogListQuery, AdminUser, AdminUserListQuery, PogReport } from '@pog/common/moderation/schemas';
import type { Db } from '../db/client';
import { pogReports, pogs, users, type UserRow } from '../db/schema';
import type { PogWithNames } from '../pogs/repository';
import { likePattern } from '../db/like';
import type { PogId } from '@pog/common/schemas/ids';

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

function selectPogs(db: Db) {
  return db
    .select({ pog: pogs, username: owner.username, creatorUsername: creator.username })
    .from(pogs)
    .innerJoin(owner, eq(owner.id, pogs.userId))
    .innerJoin(creator, eq(creator.id, pogs.creatorId));
}

/**
 * POGs waiting for a decision: flagged (automatically or by a report) and not rejected. A rejected
 * POG stays `isFlagged` (product spec: states) but has been reviewed, so it leaves the queue.
 */
export const awaitingReview = and(eq(pogs.isFlagged, true), ne(pogs.moderationStatus, 'rejected'))!;

/** Newest first. `search` matches the name or the owner's username, ignoring case. */
export async function listPogsForAdmin(db: Db, query: AdminPogListQuery, onlyAwaitingReview: boolean): Promise<PogWithNames[]> {
  const conditions: SQL[] = [];
  if (onlyAwaitingReview) conditions.push(awaitingReview);
  if (query.search) conditions.push(or(ilike(pogs.name, likePattern(query.search)), ilike(owner.username, likePattern(query.search)))!);
  if (query.before) conditions.push(lt(pogs.id, query.before));
  return selectPogs(db)
    .where(and(...conditions))
    .orderBy(desc(pogs.id))
    .limit(query.limit);
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

/** Players, oldest account first. */
export async function listUsersForAdmin(db: Db, query: AdminUserListQuery): Promise<AdminUser[]> {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(ilike(users.username, likePattern(query.search)));
  if (query.after) conditions.push(gt(users.id, query.after));
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.id))
    .limit(query.limit);
  return rows.map(toAdminUser);
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
  }));
}
