/** Players as others see them: the public profile and how many POGs they hold. */
import { and, asc, count, eq, exists } from 'drizzle-orm';
import type { User } from '../../schemas/auth';
import type { Db } from '../db/client';
import { riskable } from '../battles/repository';
import { pogs, users } from '../db/schema';
import { toUser } from './repository';

export type PublicUser = User & { pogCount: number };

const pogCounts = (db: Db) => db.select({ userId: pogs.userId, n: count().as('n') }).from(pogs).groupBy(pogs.userId).as('pog_counts');

export interface PublicUserFilter {
  /** Only players who hold a POG they could risk in a battle at this moment (who can be challenged). */
  challengeableAt?: Date;
  limit?: number;
}

export async function listPublicUsers(db: Db, filter: PublicUserFilter = {}): Promise<PublicUser[]> {
  const counts = pogCounts(db);
  const { challengeableAt, limit = 1000 } = filter;
  const challengeable = challengeableAt && exists(db.select({ id: pogs.id }).from(pogs).where(and(eq(pogs.userId, users.id), riskable(challengeableAt))));
  const rows = await db
    .select({ user: users, n: counts.n })
    .from(users)
    .leftJoin(counts, eq(counts.userId, users.id))
    .where(and(eq(users.isBanned, false), challengeable))
    .orderBy(asc(users.username))
    .limit(limit);
  return rows.map((r) => ({ ...toUser(r.user), pogCount: Number(r.n ?? 0) }));
}

export async function findPublicUser(db: Db, id: number): Promise<PublicUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) return undefined;
  const [held] = await db.select({ n: count() }).from(pogs).where(eq(pogs.userId, id));
  return { ...toUser(row), pogCount: Number(held?.n ?? 0) };
}
