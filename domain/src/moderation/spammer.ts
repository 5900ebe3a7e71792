/**
 * Delete spammer (docs/rules.md, Moderation): one admin action, one unit of work. The account is
 * banned (as `moderateUser` bans: sessions gone, sockets told, every gateway's copy dropped), every
 * POG it holds is removed (as `deletePogAsAdmin` removes one), its open trades and battles end with
 * the other players told (the ban's own release), one audit line records it all, and every admin's
 * queue and Users tab follow live. Either all of it commits or none of it.
 *
 * Lock order (docs/rules.md, Locks): the player's row (FOR NO KEY UPDATE, as a ban takes it: every
 * command moving a POG to or from the player, or opening a trade or battle with them, shares that row
 * first, so the set of their POGs and commitments stays put), then their POGs, then their trades and
 * battles, each in id order.
 */
import { and, asc, count, eq, inArray, ne, or } from 'drizzle-orm';
import { OPEN_BATTLE_STATUSES } from '@pog/common/battles/api';
import { ConflictError, NotFoundError } from '@pog/common/errors';
import { spammerSummary, type DeleteSpammerResult, type SpammerFootprint, type SpammerPreview } from '@pog/common/moderation/spammer';
import type { AdminSessionId, PogId, UserId } from '@pog/common/schemas/ids';
import { deletePogs, releaseCommitments } from '../commitments';
import type { Db, Tx } from '../db/client';
import { battles, pogs, sessions, trades, users, type UserRow } from '../db/schema';
import { insertNotification } from '../notifications/repository';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { endClaimForAction, PLAYER_GONE } from './claims';
import { lockPogs } from '../pogs/locks';
import { findPogs, toPogWithNotes } from '../pogs/repository';
import { adminActor, recordAudit } from './audit';
import { banMessage } from './player-locks';
import { moderationPolicy, type SpammerHunter } from './policy';
import { toAdminUser } from './queries';
import { answerReports } from './report-answers';

export interface SpammerDeletion extends SpammerHunter {
  userId: UserId;
  /** The ban's reason and the audit line's notes (required, not blank). */
  reason: string;
  adminSessionId: AdminSessionId;
}


/** A second Delete spammer (a retry) finds nothing left to do: 409, nothing changes. */
export const nothingLeftToDelete = (username: string) => `${username} is already banned and holds no POGs: there is nothing left to delete.`;

const involvedInTrade = (userId: UserId) => and(eq(trades.status, 'pending'), or(eq(trades.fromUserId, userId), eq(trades.toUserId, userId)));
const involvedInBattle = (userId: UserId) =>
  and(inArray(battles.status, [...OPEN_BATTLE_STATUSES]), or(eq(battles.challengerId, userId), eq(battles.defenderId, userId)));

/** What deleting this player would touch now (read without locks: the preview). */
async function footprintOf(db: Db | Tx, userId: UserId): Promise<SpammerFootprint> {
  const [[held], [offers], [open], [elsewhere]] = await Promise.all([
    db.select({ n: count() }).from(pogs).where(eq(pogs.userId, userId)),
    db.select({ n: count() }).from(trades).where(involvedInTrade(userId)),
    db.select({ n: count() }).from(battles).where(involvedInBattle(userId)),
    db.select({ n: count() }).from(pogs).where(and(eq(pogs.creatorId, userId), ne(pogs.userId, userId))),
  ]);
  return { pogs: held?.n ?? 0, offers: offers?.n ?? 0, battles: open?.n ?? 0, designedHeldByOthers: elsewhere?.n ?? 0 };
}

const nothingLeft = (user: Pick<UserRow, 'isBanned'>, footprint: Pick<SpammerFootprint, 'pogs' | 'offers' | 'battles'>) =>
  user.isBanned && footprint.pogs === 0 && footprint.offers === 0 && footprint.battles === 0;

/** GET /api/admin/users/:id/delete-spammer: who, what would go, and why it cannot when it cannot. */
export async function previewSpammerDeletion(db: Db, actor: SpammerHunter, userId: UserId): Promise<SpammerPreview> {
  moderationPolicy.authorize('moderate', actor, null);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError(PLAYER_GONE);
  const footprint = await footprintOf(db, userId);
  const refusal = moderationPolicy.refusal('deleteSpammer', actor, user)?.message ?? (nothingLeft(user, footprint) ? nothingLeftToDelete(user.username) : null);
  return { user: toAdminUser(user), footprint, refusal };
}

/**
 * The player's POGs and open trades and battles, locked in the lock order; the counts are exact,
 * since nothing can join or leave these sets while the player's row is held.
 */
async function lockFootprint(tx: Tx, userId: UserId): Promise<{ pogIds: PogId[]; offers: number; battles: number }> {
  const held = await tx.select({ id: pogs.id }).from(pogs).where(eq(pogs.userId, userId)).orderBy(asc(pogs.id));
  const locked = await lockPogs(tx, held.map((p) => p.id));
  const pogIds = [...locked.values()].filter((p) => p.userId === userId).map((p) => p.id);
  const offers = await tx.select({ id: trades.id }).from(trades).where(involvedInTrade(userId)).orderBy(asc(trades.id)).for('update');
  const open = await tx.select({ id: battles.id }).from(battles).where(involvedInBattle(userId)).orderBy(asc(battles.id)).for('update');
  return { pogIds, offers: offers.length, battles: open.length };
}

/** The ban itself, as `moderateUser` writes it; a player already banned keeps their sessions ended and gets the new reason. */
async function ban(uow: UnitOfWork, current: UserRow, reason: string): Promise<UserRow> {
  const { tx, now } = uow;
  const [updated] = await tx.update(users).set({ isBanned: true, banReason: reason, lastModeratedAt: now }).where(eq(users.id, current.id)).returning();
  if (!current.isBanned) {
    await insertNotification(tx, { userId: current.id, kind: 'user.banned', title: 'Your account was banned', body: banMessage(reason) });
    await tx.delete(sessions).where(eq(sessions.userId, current.id));
    uow.revokeUser(current.id, banMessage(reason));
  }
  return updated!;
}

/**
 * POST /api/admin/users/:id/delete-spammer. 401 without an admin session, 403 for an admin-role
 * account or the admin's own, 404 for no such player, 409 when there is nothing left to delete.
 */
export async function deleteSpammer(db: Db, input: SpammerDeletion, now: Date): Promise<DeleteSpammerResult> {
  moderationPolicy.authorize('moderate', input, null);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const [current] = await tx.select().from(users).where(eq(users.id, input.userId)).for('no key update');
    if (!current) throw new NotFoundError(PLAYER_GONE);
    moderationPolicy.authorize('deleteSpammer', input, current);
    const { pogIds, offers, battles: openBattles } = await lockFootprint(tx, input.userId);
    if (nothingLeft(current, { pogs: pogIds.length, offers, battles: openBattles })) throw new ConflictError(nothingLeftToDelete(current.username));
    const snapshots = await findPogs(tx, pogIds);

    // The confirmation showed any claim on the player; this action ends it and those on their POGs.
    for (const target of [{ type: 'user', id: input.userId } as const, ...pogIds.map((id) => ({ type: 'pog', id }) as const)]) {
      await endClaimForAction(uow, target, { adminSessionId: input.adminSessionId, overrideClaim: true });
    }
    const updated = await ban(uow, current, input.reason);
    // The ban's release: their offers and battles end, and the other players are told why.
    await releaseCommitments(uow, { userId: input.userId }, 'banned');
    // Then the POGs go, as an admin's delete removes one (their reporters told first: the reports go
    // with them); finished trades and battles keep their history.
    await answerReports(uow, [...snapshots.values()].map((found) => found.pog), 'deleted');
    await deletePogs(uow, pogIds);
    const result = { user: toAdminUser(updated), removedPogs: pogIds.length, endedOffers: offers, endedBattles: openBattles };
    await recordAudit(
      tx,
      { actor: adminActor(input), action: 'spammer_deleted', target: { type: 'user', id: input.userId }, targetName: current.username, notes: `${input.reason} (${spammerSummary(result)})` },
      now,
    );

    uow.toCluster({ type: 'user', userId: input.userId });
    uow.toAdmins('moderation:user', { action: 'banned', user: result.user });
    for (const id of pogIds) {
      const snapshot = snapshots.get(id);
      if (snapshot) uow.toAdmins('moderation:queue', { action: 'deleted', pog: toPogWithNotes(snapshot, now) });
    }
    return result;
  });
}
