/**
 * What happens to the offers and challenges a POG or a player is part of when something changes
 * underneath them. One entry point, called inside the transaction that made the change:
 *
 * - a POG changes hands (trade accepted, battle won), is deleted, or is rejected by a moderator:
 *   every other PENDING trade and PENDING battle involving it is cancelled;
 * - a player is banned: every pending trade and pending battle they are part of is cancelled.
 *
 * Each domain provides a canceller (trades/cancel.ts, battles/cancel.ts), listed below; the
 * notifications they store and the events they queue are published by the caller after commit.
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

const cancellers: Canceller[] = [];

export async function releaseCommitments(tx: Tx, scope: ReleaseScope, reason: ReleaseReason, events: PendingEvents, now: Date): Promise<void> {
  for (const cancel of cancellers) await cancel(tx, scope, reason, events, now);
}

/** Human words for a reason, used in notification texts. */
export const RELEASE_REASON_TEXT: Record<ReleaseReason, string> = {
  traded: 'one of its POGs was traded away',
  battled: 'one of its POGs changed hands in a battle',
  deleted: 'one of its POGs was deleted',
  rejected: 'one of its POGs was rejected by a moderator',
  banned: 'a player in it was banned',
};
