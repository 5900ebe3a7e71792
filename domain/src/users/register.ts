/**
 * Registering a player: one unit of work with the welcome job and the admins' live Users tab. Two
 * registrations of one name at once are decided by the unique index (the loser gets a 409).
 */
import { avatarColorFor } from '@pog/common/display';
import { ConflictError } from '@pog/common/errors';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { toAdminUser } from '../moderation/queries';
import { inUnitOfWork } from '../outbox/unit-of-work';

export const USERNAME_TAKEN = 'That username is already taken. Please choose another.';

export async function registerPlayer(db: Db, input: { username: string; passwordHash: string }, now: Date): Promise<UserRow> {
  try {
    return await inUnitOfWork(db, now, async (uow) => {
      const [row] = await uow.tx
        .insert(users)
        .values({ username: input.username, displayName: input.username, passwordHash: input.passwordHash, avatarColor: avatarColorFor(input.username) })
        .returning();
      uow.enqueue('user.welcome', { userId: row!.id });
      uow.toAdmins('moderation:user', { action: 'registered', user: toAdminUser(row!) });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(USERNAME_TAKEN);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505' || String(e.message).includes('users_username_lower_key');
}
