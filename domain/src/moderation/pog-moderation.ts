/**
 * An admin's decisions on a POG: approve, reject, delete (the product spec (states), decisions "Moderation").
 * Each is one unit of work under a lock on the POG's row: the change, the audit line, the owner's
 * notification and the events commit together (`pog-decisions.ts`, shared with the bulk actions).
 */
import { NotFoundError } from '@pog/common/errors';
import type { Db, Tx } from '../db/client';
import type { PogRow } from '../db/schema';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { lockPogs } from '../pogs/locks';
import type { PogWithNames } from '../pogs/repository';
import { adminActor } from './audit';
import { endClaimForAction } from './claims';
import { assertNotModeratedSince } from './conflicts';
import { applyDeletion, applyVerdict } from './pog-decisions';
import { moderationPolicy } from './policy';
import type { AdminSessionId, PogId, UserId } from '@pog/common/schemas/ids';

export const POG_GONE = 'That POG no longer exists (it may have been deleted meanwhile).';

export interface PogDecision {
  pogId: PogId;
  decision: 'approved' | 'rejected';
  notes: string | null;
  /** See `assertNotModeratedSince`. */
  expectedLastModeratedAt?: string | null | undefined;
  adminSessionId: AdminSessionId;
  /** The player signed in beside the admin session; the audit log names them if their role is admin. */
  adminPlayerId?: UserId | undefined;
  /** Act even though another admin has claimed the POG (their claim ends). */
  overrideClaim?: boolean | undefined;
}

async function lockPog(tx: Tx, pogId: PogId): Promise<PogRow> {
  const row = (await lockPogs(tx, [pogId])).get(pogId);
  if (!row) throw new NotFoundError(POG_GONE);
  return row;
}

export async function moderatePog(db: Db, input: PogDecision, now: Date): Promise<PogWithNames> {
  moderationPolicy.authorize('moderate', input, null);
  return inUnitOfWork(db, now, async (uow) => {
    const current = await lockPog(uow.tx, input.pogId);
    assertNotModeratedSince(current.lastModeratedAt, input.expectedLastModeratedAt, 'POG');
    await endClaimForAction(uow, { type: 'pog', id: input.pogId }, input);
    const [found] = await applyVerdict(uow, [current], input.decision, input.notes, adminActor(input));
    return found!;
  });
}

/** Deletes any player's POG; returns what it was. Its open trades and battles, accepted ones included, end first. */
export async function deletePogAsAdmin(
  db: Db,
  input: { pogId: PogId; adminSessionId: AdminSessionId; adminPlayerId?: UserId | undefined; overrideClaim?: boolean | undefined },
  now: Date,
): Promise<PogWithNames> {
  moderationPolicy.authorize('moderate', input, null);
  return inUnitOfWork(db, now, async (uow) => {
    const current = await lockPog(uow.tx, input.pogId);
    await endClaimForAction(uow, { type: 'pog', id: input.pogId }, input);
    const [snapshot] = await applyDeletion(uow, [current], null, adminActor(input));
    return snapshot!;
  });
}
