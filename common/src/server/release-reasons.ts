/**
 * The vocabulary of releasing commitments (see commitments.ts). A leaf module, so that the
 * cancellers can use it without importing commitments.ts, which imports them.
 */
import type { ReleaseReason } from '../release-reasons';
import type { UnitOfWork } from './outbox/unit-of-work';

export { RELEASE_REASON_TEXT, type ReleaseReason } from '../release-reasons';

export interface ReleaseScope {
  /** POGs that moved or went away. */
  pogIds?: number[];
  /** A player whose open offers and challenges end (a ban). */
  userId?: number;
  /** Trade that caused the change: it is left alone. (Only pending battles are cancelled, so a battle
   * being completed needs no such exception.) */
  exceptTradeId?: number;
}

export type Canceller = (uow: UnitOfWork, scope: ReleaseScope, reason: ReleaseReason) => Promise<void>;
