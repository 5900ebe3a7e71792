/** `trade:created` and `trade:updated` from the socket: the Trade Center and Active Trades update at once. */
import type { QueryClient } from '@tanstack/react-query';
import { tradeSchema, type UserId } from '@pog/common';
import { reportError } from '../errors/showError';
import { applyTradeUpdate } from './cache';

/** The payload is parsed with the contract's schema, the one the HTTP answers are checked against. */
export function applyLiveTrade(queryClient: QueryClient, payload: unknown, viewerId: UserId): void {
  const trade = tradeSchema.safeParse(payload);
  if (!trade.success) {
    reportError(new Error('Malformed trade event'), 'trade event payload');
    return;
  }
  applyTradeUpdate(queryClient, trade.data, viewerId);
}
