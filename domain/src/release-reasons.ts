/**
 * The vocabulary of releasing commitments (see commitments.ts). A leaf module, so that the
 * cancellers can use it without importing commitments.ts, which imports them.
 */
import type { ReleaseReason } from '@pog/common/release-reasons';
import type { Tx } from './db/client';
import type { UnitOfWork } from './outbox/unit-of-work';
import type { PogId, TradeId, UserId } from '@pog/common/schemas/ids';

export { RELEASE_REASON_TEXT, type ReleaseReason } from '@pog/common/release-reasons';

export interface ReleaseScope {
  /** POGs that moved or went away. */
  pogIds?: PogId[];
  /**
   * The POGs are about to be deleted: their references are cleared in the same update that cancels
   * (see deletePogs in commitments.ts), and accepted battles risking them end too.
   */
  detach?: boolean;
  /** A banned player: their pending offers and their pending and accepted battles end. */
  userId?: UserId;
  /** Trade that caused the change: it is left alone. (A battle being completed needs no such
   * exception: it releases with `pogIds` alone, which ends pending battles only.) */
  exceptTradeId?: TradeId;
}

export type Canceller = (uow: UnitOfWork, scope: ReleaseScope, reason: ReleaseReason) => Promise<void>;

/** Clears references to POGs about to be deleted from the rows a canceller left alone (history). */
export type Detacher = (tx: Tx, pogIds: PogId[]) => Promise<void>;
