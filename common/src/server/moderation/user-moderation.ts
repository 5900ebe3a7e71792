/**
 * Banning and unbanning players. The database side runs in one transaction (conditional update,
 * audit line, the player's open trades and battles cancelled); ending their sessions and closing
 * their sockets is the gateway's part, after commit.
 */
import { and, eq } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../errors';
import { releaseCommitments } from '../commitments';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { insertNotification } from '../notifications/repository';
import type { PendingEvents } from '../realtime';
import { recordAudit } from './audit';
import { assertNotModeratedSince } from './conflicts';

export interface UserDecision {
  userId: number;
  isBanned: boolean;
  /** Required (non-blank) to ban; ignored and cleared on unban. */
  banReason: string | null;
  expectedLastModeratedAt?: string | null | undefined;
  adminSessionId: number;
}

/** The text a banned player reads on their sockets and at login. */
export const banMessage = (reason: string | null) => `Your account has been banned${reason ? `: ${reason}` : '.'}`;

export async function moderateUser(db: Db, input: UserDecision, events: PendingEvents, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(users).where(eq(users.id, input.userId)).for('no key update');
    const current = rows[0];
    if (!current) throw new NotFoundError('That player no longer exists.');
    assertNotModeratedSince(current.lastModeratedAt, input.expectedLastModeratedAt, 'player');
    // Conditional on the state the action changes: two admins banning at once cannot both win.
    if (current.isBanned === input.isBanned) {
      throw new ConflictError(input.isBanned ? `${current.username} is already banned.` : `${current.username} is not banned.`);
    }
    const banReason = input.isBanned ? input.banReason : null;
    const [updated] = await tx
      .update(users)
      .set({ isBanned: input.isBanned, banReason, lastModeratedAt: now })
      .where(and(eq(users.id, input.userId), eq(users.isBanned, !input.isBanned)))
      .returning();
    if (!updated) throw new ConflictError('Another admin changed this player in the meantime. Reload to see the latest state.');

    await recordAudit(
      tx,
      { adminSessionId: input.adminSessionId, action: input.isBanned ? 'banned' : 'unbanned', targetType: 'user', targetId: input.userId, notes: banReason },
      now,
    );
    if (input.isBanned) {
      await releaseCommitments(tx, { userId: input.userId }, 'banned', events, now);
      // Stored for the record (and for when the ban is lifted); no live push, the sockets close.
      await insertNotification(tx, { userId: input.userId, kind: 'user.banned', title: 'Your account was banned', body: banMessage(banReason) });
    }
    return updated;
  });
}
