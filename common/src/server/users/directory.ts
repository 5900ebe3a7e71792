/** Players as others see them: the public profile and how many POGs they hold. */
import { asc, count, eq } from 'drizzle-orm';
import type { User } from '../../schemas/auth';
import type { Db } from '../db/client';
import { pogs, users } from '../db/schema';
import { toUser } from './repository';

export type PublicUser = User & { pogCount: number };

const pogCounts = (db: Db) => db.select({ userId: pogs.userId, n: count().as('n') }).from(pogs).groupBy(pogs.userId).as('pog_counts');

export async function listPublicUsers(db: Db, limit = 1000): Promise<PublicUser[]> {
  const counts = pogCounts(db);
  const rows = await db
    .select({ user: users, n: counts.n })
    .from(users)
    .leftJoin(counts, eq(counts.userId, users.id))
    .where(eq(users.isBanned, false))
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
