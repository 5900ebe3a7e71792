/**
 * One decision on many POGs at once (the admin panel's selection bar): approve, reject or delete up
 * to BULK_MODERATION_MAX POGs in one unit of work. All or nothing: the POGs are locked first, in
 * ascending id order like every POG lock (docs/rules.md, Locks), and if any one cannot take the
 * decision (missing, or already carrying it) the whole batch is refused, naming every such POG,
 * before anything is written. Otherwise each POG gets exactly what the one-POG action gives it
 * (`pog-decisions.ts`): its owner's notification, its history row, its audit line, its events.
 */
import { AppError, ConflictError, ValidationError } from '@pog/common/errors';
import { BULK_MODERATION_MAX, idList, repeatedIds, type BulkPogAction, type BulkRefusalDetails } from '@pog/common/moderation/bulk';
import type { AdminSessionId, PogId, UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import type { PogRow } from '../db/schema';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { lockPogs } from '../pogs/locks';
import type { PogWithNames } from '../pogs/repository';
import { endClaimForAction } from './claims';
import { adminActor } from './audit';
import { applyDeletion, applyVerdict, type PogVerdict } from './pog-decisions';
import { moderationPolicy } from './policy';

export interface BulkPogDecision {
  action: BulkPogAction;
  pogIds: PogId[];
  notes: string | null;
  adminSessionId: AdminSessionId;
  /** The player signed in beside the admin session; the audit log names them if their role is admin. */
  adminPlayerId?: UserId | undefined;
}

const VERDICTS: Record<Exclude<BulkPogAction, 'delete'>, PogVerdict> = { approve: 'approved', reject: 'rejected' };

export const BATCH_UNCHANGED = 'Nothing was changed.';

/** The request's own rules again (the route's schema checks them first): the command is called from elsewhere too. */
function assertBatchShape(ids: readonly PogId[]): void {
  if (ids.length === 0 || ids.length > BULK_MODERATION_MAX) throw new ValidationError(`Select from 1 to ${BULK_MODERATION_MAX} POGs`);
  const repeated = repeatedIds(ids);
  if (repeated.length > 0) throw new ValidationError(`Each POG may be named once; repeated: ${idList(repeated)}`);
}

const refusalDetails = (ids: PogId[]): BulkRefusalDetails => ({ ids });

/** 404 naming every POG that no longer exists; else 409 naming every POG the policy refuses the decision. */
function assertAllDecidable(input: BulkPogDecision, locked: Map<PogId, PogRow>): PogRow[] {
  const missing = input.pogIds.filter((id) => !locked.has(id));
  if (missing.length > 0) {
    const noun = missing.length === 1 ? 'This POG no longer exists' : 'These POGs no longer exist';
    throw new AppError('NOT_FOUND', `${noun}: ${idList(missing)}. ${BATCH_UNCHANGED}`, { details: refusalDetails(missing) });
  }
  const rows = [...locked.values()].sort((a, b) => a.id - b.id);
  const refusals = rows.flatMap((pog) => {
    const refusal = moderationPolicy.refusal('decideInBatch', input, { action: input.action, pog });
    return refusal ? [{ pog, refusal }] : [];
  });
  if (refusals.length > 0) {
    const unauthorized = refusals.find(({ refusal }) => refusal.code !== 'CONFLICT');
    if (unauthorized) throw unauthorized.refusal;
    const named = refusals.map(({ pog }) => `${pog.name} (#${pog.id})`).join(', ');
    throw new ConflictError(`Already ${refusals[0]!.pog.moderationStatus}: ${named}. ${BATCH_UNCHANGED}`, refusalDetails(refusals.map(({ pog }) => pog.id)));
  }
  return rows;
}

/** Applies the decision to every POG or to none; returns each as it is now (or was, deleted), in id order. */
export async function moderatePogsInBulk(db: Db, input: BulkPogDecision, now: Date): Promise<PogWithNames[]> {
  moderationPolicy.authorize('moderate', input, null);
  assertBatchShape(input.pogIds);
  return inUnitOfWork(db, now, async (uow) => {
    const rows = assertAllDecidable(input, await lockPogs(uow.tx, input.pogIds));
    // A POG another admin has claimed refuses the whole batch (409 naming the claim), as one would alone.
    for (const row of rows) await endClaimForAction(uow, { type: 'pog', id: row.id }, input);
    const actor = adminActor(input);
    if (input.action === 'delete') return applyDeletion(uow, rows, input.notes, actor);
    return applyVerdict(uow, rows, VERDICTS[input.action], input.notes, actor);
  });
}
