/**
 * Keeps the trade lists (and the POGs a trade moved) in step with a change, whether it came from
 * our own request or from the socket (`trade:created`, `trade:updated`). Every change carries the
 * full trade, so the lists are patched in place and nothing needs a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Trade, UserId } from '@pog/common';
import { applyPogUpdate } from '../pogs/cache';
import { pendingTradesKey, tradeHistoryKey } from './keys';

const byNewest = (a: Trade, b: Trade) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** The pending list after a change: a pending trade is added or refreshed, any other is dropped. */
export function withPendingTrade(list: readonly Trade[], trade: Trade): Trade[] {
  const others = list.filter((item) => item.id !== trade.id);
  return trade.status === 'pending' ? [...others, trade].sort(byNewest) : others;
}

/** The history after a change: a finished trade goes in (newest decision first), a pending one stays out. */
export function withFinishedTrade(list: readonly Trade[], trade: Trade): Trade[] {
  if (trade.status === 'pending') return [...list];
  const decided = (item: Trade) => item.decidedAt ?? item.createdAt;
  return [trade, ...list.filter((item) => item.id !== trade.id)].sort((a, b) => decided(b).localeCompare(decided(a)) || b.id - a.id);
}

/** Whether the viewer is a party to the trade (a socket event is only ever ours, but be sure). */
export function involves(trade: Pick<Trade, 'fromUserId' | 'toUserId'>, userId: UserId): boolean {
  return trade.fromUserId === userId || trade.toUserId === userId;
}

export function applyTradeUpdate(queryClient: QueryClient, trade: Trade, viewerId: UserId): void {
  if (!involves(trade, viewerId)) return;
  // A list not loaded yet is left alone: its first fetch already includes this trade.
  const pending = queryClient.getQueryData(pendingTradesKey(viewerId));
  if (pending) queryClient.setQueryData(pendingTradesKey(viewerId), withPendingTrade(pending, trade));
  const history = queryClient.getQueryData(tradeHistoryKey(viewerId));
  if (history && trade.status !== 'pending') queryClient.setQueryData(tradeHistoryKey(viewerId), withFinishedTrade(history, trade));

  if (trade.status === 'accepted') {
    // The snapshots are taken after the swap: new owners, cooldowns and trades left. The socket's
    // `pog:updated` reaches only the new owner, so this is how the old owner's lists lose the POG.
    for (const pog of [trade.offerPog, trade.requestPog]) if (pog) applyPogUpdate(queryClient, pog);
    // Accepting cancels every other offer involving either POG; ask again rather than guess.
    void queryClient.invalidateQueries({ queryKey: pendingTradesKey(viewerId) });
  }
}
