/**
 * Banning and unbanning players, each one unit of work: the conditional update, the audit line, the
 * player's open trades and battles cancelled, their sessions deleted, and the news for every gateway
 * (drop cached copies; close the player's sockets) and every admin commit together.
 */
import { and, eq } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '@pog/common/errors';
import { releaseCommitments } from '../commitments';
import type { Db } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { insertNotification } from '../notifications/repository';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { adminActor, recordAudit } from './audit';
import { endClaimForAction } from './claims';
import { assertNotModeratedSince } from './conflicts';
import { banMessage } from './player-locks';
import { toAdminUser } from './queries';
import { moderationPolicy } from './policy';
import type { AdminSessionId, UserId } from '@pog/common/schemas/ids';

export interface UserDecision {
  userId: UserId;
  isBanned: boolean;
  /** Required (non-blank) to ban; ignored and cleared on unban. */
  banReason: string | null;
  expectedLastModeratedAt?: string | null | undefined;
  adminSessionId: AdminSessionId;
  /** The player signed in beside the admin session; the audit log names them if their role is admin. */
  adminPlayerId?: UserId | undefined;
  /** Act even though another admin has claimed the player (their claim ends). */
  overrideClaim?: boolean | undefined;
}

export async function moderateUser(db: Db, input: UserDecision, now: Date): Promise<UserRow> {
  moderationPolicy.authorize('moderate', input, null);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
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
    await endClaimForAction(uow, { type: 'user', id: input.userId }, input);

    await recordAudit(
      tx,
      { actor: adminActor(input), action: input.isBanned ? 'banned' : 'unbanned', target: { type: 'user', id: input.userId }, targetName: current.username, notes: banReason },
      now,
    );
    if (input.isBanned) {
      await releaseCommitments(uow, { userId: input.userId }, 'banned');
      // Stored for the record (and for when the ban is lifted); no live push, the sockets close.
      await insertNotification(tx, { userId: input.userId, kind: 'user.banned', title: 'Your account was banned', body: banMessage(banReason) });
      // The ban takes effect everywhere at once: sessions gone, sockets told and closed.
      await tx.delete(sessions).where(eq(sessions.userId, input.userId));
      uow.revokeUser(input.userId, banMessage(banReason));
    }
    // Every gateway drops its cached copies of the player and their sessions.
    uow.toCluster({ type: 'user', userId: input.userId });
    uow.toAdmins('moderation:user', { action: updated.isBanned ? 'banned' : 'unbanned', user: toAdminUser(updated) });
    return updated;
  });
}
