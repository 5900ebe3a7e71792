import { eq, sql } from 'drizzle-orm';
import { avatarInitials } from '../../display';
import type { User } from '../../schemas/auth';
import type { Db, Tx } from '../db/client';
import { users, type UserRow } from '../db/schema';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    avatarInitials: avatarInitials(row.username),
    avatarColor: row.avatarColor,
    role: row.role,
  };
}

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Usernames are unique regardless of case. */
export async function findUserByUsername(db: Db | Tx, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows[0];
}
