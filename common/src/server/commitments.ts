/**
 * What happens to the offers and challenges a POG or a player is part of when something changes
 * underneath them. One entry point, called inside the transaction that made the change:
 *
 * - a POG changes hands (trade accepted, battle won) or is rejected by a moderator: every other
 *   PENDING trade and PENDING battle involving it is cancelled;
 * - a POG is deleted (deletePogs): its pending trades and its pending and accepted battles are
 *   cancelled, and every trade and battle keeps its history without it;
 * - a player is banned: every pending trade and every pending or accepted battle they are part of is
 *   cancelled (nothing moves).
 *
 * Each domain provides a canceller, listed below; the notifications they store and the events they
 * record are part of the caller's unit of work. A POG risked in an ACCEPTED battle is locked
 * instead: trades and a player's own deletes refuse it (assertNotRiskedInBattle) until the battle is
 * decided.
 */
import { inArray } from 'drizzle-orm';
import { ConflictError } from '../errors';
import { cancelBattlesFor, detachBattlesFrom, pogsInAcceptedBattles } from './battles/cancel';
import type { Tx } from './db/client';
import { pogs } from './db/schema';
import type { UnitOfWork } from './outbox/unit-of-work';
import type { Canceller, Detacher, ReleaseReason, ReleaseScope } from './release-reasons';
import { cancelTradesFor, detachTradesFrom } from './trades/cancel';

export * from './release-reasons';

const cancellers: Canceller[] = [cancelTradesFor, cancelBattlesFor];
const detachers: Detacher[] = [detachTradesFrom, detachBattlesFrom];

export async function releaseCommitments(uow: UnitOfWork, scope: ReleaseScope, reason: ReleaseReason): Promise<void> {
  for (const cancel of cancellers) await cancel(uow, scope, reason);
}

/**
 * Deletes POGs whose rows the caller holds FOR UPDATE. Every trade and battle row that refers to them
 * is updated exactly once, before the DELETE (open ones cancelled and detached in one statement,
 * finished ones detached), so the foreign keys' ON DELETE SET NULL finds nothing left to do. Letting
 * it do the work deadlocked (issue 11 §7): its update was the second one of a just-cancelled row in
 * this transaction, and PostgreSQL then re-checks the row's OTHER POG reference with a KEY SHARE lock
 * on that POG, a lock taken after the trade rows, out of the lock order, while an accept held that
 * POG and waited for ours.
 */
export async function deletePogs(uow: UnitOfWork, pogIds: number[]): Promise<void> {
  if (pogIds.length === 0) return;
  await releaseCommitments(uow, { pogIds, detach: true }, 'deleted');
  for (const detach of detachers) await detach(uow.tx, pogIds);
  const deleted = await uow.tx.delete(pogs).where(inArray(pogs.id, pogIds)).returning({ userId: pogs.userId });
  for (const { userId } of deleted) uow.pogsHeldChanged(userId, -1);
}

/** 409 when one of these POGs is risked in a battle that is about to be decided. */
export async function assertNotRiskedInBattle(tx: Tx, candidates: { id: number; name: string }[]): Promise<void> {
  const risked = new Set(await pogsInAcceptedBattles(tx, candidates.map((p) => p.id)));
  const pog = candidates.find((p) => risked.has(p.id));
  if (pog) throw new ConflictError(`${pog.name} is risked in a battle that is about to be decided, so it cannot change hands or be deleted until then.`);
}
