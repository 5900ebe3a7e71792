/**
 * The vocabulary of releasing commitments (see commitments.ts). A leaf module, so that the
 * cancellers can use it without importing commitments.ts, which imports them.
 */
import type { Tx } from './db/client';
import type { PendingEvents } from './realtime';

export type ReleaseReason = 'traded' | 'battled' | 'deleted' | 'rejected' | 'banned';

export interface ReleaseScope {
  /** POGs that moved or went away. */
  pogIds?: number[];
  /** A player whose open offers and challenges end (a ban). */
  userId?: number;
  /** Trade or battle that caused the change: it is left alone. */
  exceptTradeId?: number;
  exceptBattleId?: number;
}

export type Canceller = (tx: Tx, scope: ReleaseScope, reason: ReleaseReason, events: PendingEvents, now: Date) => Promise<void>;

/** Human words for a reason, used in notification texts. */
export const RELEASE_REASON_TEXT: Record<ReleaseReason, string> = {
  traded: 'one of its POGs was traded away',
  battled: 'one of its POGs changed hands in a battle',
  deleted: 'one of its POGs was deleted',
  rejected: 'one of its POGs was rejected by a moderator',
  banned: 'a player in it was banned',
};
