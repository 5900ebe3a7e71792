/**
 * What happens to the offers and challenges a POG or a player is part of when something changes
 * underneath them. One entry point, called inside the transaction that made the change:
 *
 * - a POG changes hands (trade accepted, battle won), is deleted, or is rejected by a moderator:
 *   every other PENDING trade and PENDING battle involving it is cancelled;
 * - a player is banned: every pending trade and pending battle they are part of is cancelled.
 *
 * Each domain provides a canceller, listed below; the notifications they store and the events they
 * record are part of the caller's unit of work. A POG risked in an ACCEPTED battle is locked
 * instead: trades and deletes refuse it (assertNotRiskedInBattle) until the battle is decided.
 */
import { ConflictError } from '../errors';
import { cancelBattlesFor, pogsInAcceptedBattles } from './battles/cancel';
import type { Tx } from './db/client';
import type { UnitOfWork } from './outbox/unit-of-work';
import type { Canceller, ReleaseReason, ReleaseScope } from './release-reasons';
import { cancelTradesFor } from './trades/cancel';

export * from './release-reasons';

const cancellers: Canceller[] = [cancelTradesFor, cancelBattlesFor];

export async function releaseCommitments(uow: UnitOfWork, scope: ReleaseScope, reason: ReleaseReason): Promise<void> {
  for (const cancel of cancellers) await cancel(uow, scope, reason);
}

/** 409 when one of these POGs is risked in a battle that is about to be decided. */
export async function assertNotRiskedInBattle(tx: Tx, pogs: { id: number; name: string }[]): Promise<void> {
  const risked = new Set(await pogsInAcceptedBattles(tx, pogs.map((p) => p.id)));
  const pog = pogs.find((p) => risked.has(p.id));
  if (pog) throw new ConflictError(`${pog.name} is risked in a battle that is about to be decided, so it cannot change hands or be deleted until then.`);
}
