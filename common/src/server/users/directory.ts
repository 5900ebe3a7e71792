/**
 * Players as others see them: the public profile and how many POGs they hold. Lists are pages in
 * username order (case-insensitive), searchable, and read the counts `player_counts` keeps
 * (player-counts.ts) instead of counting the POG table.
 */
import { and, asc, eq, exists, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { User } from '../../schemas/auth';
import { USER_PAGE_SIZE, type UserListQuery } from '../../users/directory';
import type { Db } from '../db/client';
import { riskable } from '../battles/repository';
import { playerCounts, pogs, users } from '../db/schema';
import { likePattern } from '../db/like';
import { decodeCursor, encodeCursor } from '../db/page-cursor';
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

/** The statement behind one page of `listPublicUsers` (also for EXPLAIN in infra/bench/player-list.ts). */
export function publicUserListStatement(db: Db, filter: PublicUserFilter = {}) {
  const { challengeableAt, holding, search, id, cursor, limit = USER_PAGE_SIZE } = filter;
  const conditions: (SQL | undefined)[] = [eq(users.isBanned, false)];
  if (challengeableAt) conditions.push(exists(db.select({ id: pogs.id }).from(pogs).where(and(eq(pogs.userId, users.id), riskable(challengeableAt)))));
  if (holding) conditions.push(gt(playerCounts.pogsHeld, 0));
  if (search) {
    const pattern = likePattern(search.replace(/^@/, ''));
    conditions.push(or(ilike(users.username, pattern), ilike(users.displayName, pattern)));
  }
  if (id !== undefined) conditions.push(eq(users.id, id));
  if (cursor) conditions.push(sql`${nameKey} > ${decodeCursor(cursor, cursorSchema).name}`);
  return db
    .select({ user: users, held: pogsHeld, key: nameKey })
    .from(users)
    .leftJoin(playerCounts, eq(playerCounts.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(nameKey))
    .limit(limit + 1);
}

/** One page of players who are not banned, and the cursor of the next page if any. */
export async function listPublicUsers(db: Db, filter: PublicUserFilter = {}): Promise<{ rows: PublicUser[]; nextCursor: string | undefined }> {
  const limit = filter.limit ?? USER_PAGE_SIZE;
  const rows = await publicUserListStatement(db, filter);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page.map((r) => ({ ...toUser(r.user), pogCount: Number(r.held) })), nextCursor: more && last ? encodeCursor({ name: last.key }) : undefined };
}

export async function findPublicUser(db: Db, id: number): Promise<PublicUser | undefined> {
  const [row] = await db.select({ user: users, held: pogsHeld }).from(users).leftJoin(playerCounts, eq(playerCounts.userId, users.id)).where(eq(users.id, id)).limit(1);
  return row && { ...toUser(row.user), pogCount: Number(row.held) };
}
