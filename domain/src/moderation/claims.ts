/**
 * Claims on the moderation queue (`moderation_claims`): an admin takes a POG or a player for review,
 * the other admins see it taken, live (`moderation:claim` on the admins' stream, written in the same
 * unit of work), and by whom. A claim lapses by itself at `expiresAt`: a lapsed row counts as free
 * everywhere, so nothing has to sweep it (claiming clears the claimant's lapsed rows as it goes). Acting on a
 * target another admin holds is refused (409 naming them) unless the action says `overrideClaim`;
 * acting ends the claim. Claim rows are locked after the target's own row (docs/rules.md, Locks).
 */
import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '@pog/common/errors';
import { claimedByMessage, type ModerationClaim, type ModerationClaims } from '@pog/common/moderation/claims';
import { moderationTargetOf, type ModerationTarget } from '@pog/common/moderation/schemas';
import type { AdminSessionId, UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { adminSessions, moderationClaims, pogs, users, type ModerationClaimRow } from '../db/schema';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { adminColumns } from './audit';
import { moderationPolicy, type Moderator } from './policy';
import { POG_GONE } from './pog-moderation';

export const PLAYER_GONE = 'That player no longer exists.';

/** Who claims, as the moderation commands know an admin. */
export interface Claimant {
  adminSessionId: AdminSessionId;
  /** The player signed in beside the admin session; the claim names them if their role is admin. */
  adminPlayerId?: UserId | undefined;
}

export interface ClaimInput extends Claimant {
  target: ModerationTarget;
  /** Take the target over from another admin who holds it. */
  overrideClaim?: boolean | undefined;
  /** How long the claim lasts (CLAIM_MINUTES). */
  claimMs: number;
}

export function toClaim(row: ModerationClaimRow): ModerationClaim {
  return {
    target: moderationTargetOf(row.targetType, row.targetId),
    adminSessionId: row.adminSessionId,
    adminName: row.adminName,
    claimedAt: row.claimedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const ofTarget = (target: ModerationTarget): SQL => and(eq(moderationClaims.targetType, target.type), eq(moderationClaims.targetId, target.id))!;
const inForce = (row: ModerationClaimRow, now: Date) => row.expiresAt.getTime() > now.getTime();

/** The 409 of a target another admin holds, with their claim as `details.claim` (the panel shows it at once). */
export function claimedBy(row: ModerationClaimRow): ConflictError {
  const claim = toClaim(row);
  return new ConflictError(claimedByMessage(claim), { claim });
}

async function assertTargetExists(tx: Tx, target: ModerationTarget): Promise<void> {
  const found =
    target.type === 'pog'
      ? await tx.select({ id: pogs.id }).from(pogs).where(eq(pogs.id, target.id))
      : await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id));
  if (!found[0]) throw new NotFoundError(target.type === 'pog' ? POG_GONE : PLAYER_GONE);
}

/**
 * Deletes the claimant's own lapsed claims. Rows another transaction holds are skipped, not waited
 * for, so two claims cleaning at once never lock rows in opposite orders. The lapsed rows of an
 * admin who claims nothing more go with their session (`ON DELETE CASCADE`, the sessions purge).
 */
async function deleteLapsed(tx: Tx, adminSessionId: AdminSessionId, now: Date): Promise<void> {
  const lapsed = tx
    .select({ targetType: moderationClaims.targetType, targetId: moderationClaims.targetId })
    .from(moderationClaims)
    .where(and(eq(moderationClaims.adminSessionId, adminSessionId), lte(moderationClaims.expiresAt, now)))
    .for('update', { skipLocked: true });
  await tx.delete(moderationClaims).where(sql`(${moderationClaims.targetType}, ${moderationClaims.targetId}) IN ${lapsed}`);
}

/**
 * Claims (or renews the claim on) a POG or a player for `claimMs`. Held by another admin and in
 * force: 409 naming them, unless `overrideClaim`, which takes it over. The claimant's lapsed rows are
 * deleted first (idempotent: a second run finds none).
 */
export async function claimTarget(db: Db, input: ClaimInput, now: Date): Promise<ModerationClaim> {
  moderationPolicy.authorize('moderate', input, null);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    await deleteLapsed(tx, input.adminSessionId, now);
    await assertTargetExists(tx, input.target);
    const { actorUserId, actorName } = await adminColumns(tx, { kind: 'admin', adminSessionId: input.adminSessionId, playerId: input.adminPlayerId });
    const renewed = {
      adminSessionId: input.adminSessionId,
      adminUserId: actorUserId,
      adminName: actorName,
      claimedAt: now,
      expiresAt: new Date(now.getTime() + input.claimMs),
    };
    // Only the holder renews; anyone takes a lapsed claim; another admin's takes `overrideClaim`.
    const mayTake = input.overrideClaim ? sql`true` : or(eq(moderationClaims.adminSessionId, input.adminSessionId), lte(moderationClaims.expiresAt, now));
    const [row] = await tx
      .insert(moderationClaims)
      .values({ targetType: input.target.type, targetId: input.target.id, ...renewed })
      .onConflictDoUpdate({ target: [moderationClaims.targetType, moderationClaims.targetId], set: renewed, setWhere: mayTake })
      .returning();
    if (!row) {
      const [held] = await tx.select().from(moderationClaims).where(ofTarget(input.target));
      throw claimedBy(held!);
    }
    const claim = toClaim(row);
    uow.toAdmins('moderation:claim', { target: claim.target, claim });
    return claim;
  });
}

/**
 * Releases the admin's own claim (nothing to release: done, so a repeat is harmless). Another
 * admin's claim in force is theirs to release: 409 naming them (claiming with `overrideClaim` takes it over).
 */
export async function releaseClaim(db: Db, input: Claimant & { target: ModerationTarget }, now: Date): Promise<void> {
  moderationPolicy.authorize('moderate', input, null);
  await inUnitOfWork(db, now, async (uow) => {
    const [row] = await uow.tx.delete(moderationClaims).where(ofTarget(input.target)).returning();
    if (!row) return;
    if (inForce(row, now) && row.adminSessionId !== input.adminSessionId) throw claimedBy(row);
    if (inForce(row, now)) uow.toAdmins('moderation:claim', { target: input.target, claim: null });
  });
}

/**
 * Inside an admin's action on `target`, after the target's row is locked: ends its claim. A claim
 * in force held by another admin refuses the action (409, the unit of work rolls back and the claim
 * stays) unless `overrideClaim`. The other admins hear that the target is free.
 */
export async function endClaimForAction(uow: UnitOfWork, target: ModerationTarget, actor: { adminSessionId: AdminSessionId; overrideClaim?: boolean | undefined }): Promise<void> {
  const [row] = await uow.tx.delete(moderationClaims).where(ofTarget(target)).returning();
  if (!row || !inForce(row, uow.now)) return;
  if (row.adminSessionId !== actor.adminSessionId && !actor.overrideClaim) throw claimedBy(row);
  uow.toAdmins('moderation:claim', { target, claim: null });
}

/** An admin session is ending (logout): its claims end with it, and the other admins hear so. */
export async function endSessionClaims(uow: UnitOfWork, tokenHash: string): Promise<void> {
  const session = uow.tx.select({ id: adminSessions.id }).from(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
  const ended = await uow.tx.delete(moderationClaims).where(inArray(moderationClaims.adminSessionId, session)).returning();
  for (const row of ended) {
    if (inForce(row, uow.now)) uow.toAdmins('moderation:claim', { target: moderationTargetOf(row.targetType, row.targetId), claim: null });
  }
}

/** The claims in force, oldest first, and the reader's own session (so the panel tells its own claims apart). */
export async function listClaims(db: Db, reader: Moderator, now: Date): Promise<ModerationClaims> {
  moderationPolicy.authorize('moderate', reader, null);
  const rows = await db.select().from(moderationClaims).where(gt(moderationClaims.expiresAt, now)).orderBy(moderationClaims.claimedAt);
  return { adminSessionId: reader.adminSessionId!, claims: rows.map(toClaim) };
}
