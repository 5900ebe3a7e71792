/** `trade:created` and `trade:updated` from the socket: the Trade Center and Active Trades update at once. */
import type { QueryClient } from '@tanstack/react-query';
import { TRADE_STATUSES, type Trade } from '@pog/common';
import { reportError } from '../errors/showError';
import { applyTradeUpdate } from './cache';

/** The socket contract types the payload; this guards against a server that says otherwise. */
function looksLikeTrade(payload: unknown): payload is Trade {
  if (typeof payload !== 'object' || payload === null) return false;
  const trade = payload as Partial<Trade>;
  return (
    typeof trade.id === 'number' &&
    typeof trade.fromUserId === 'number' &&
    typeof trade.toUserId === 'number' &&
    typeof trade.createdAt === 'string' &&
    (TRADE_STATUSES as readonly unknown[]).includes(trade.status)
  );
}

export function applyLiveTrade(queryClient: QueryClient, payload: unknown, viewerId: number): void {
  if (!looksLikeTrade(payload)) {
    reportError(new Error('Malformed trade event'), 'trade event payload');
    return;
  }
  applyTradeUpdate(queryClient, payload, viewerId);
}
