/** The Trade Center's reads: your pending trades (sent and received) and your finished ones. */
import { useQuery } from '@tanstack/react-query';
import type { Trade } from '@pog/common';
import { pendingTradesKey, tradeHistoryKey } from './keys';

export function usePendingTrades(userId: number | undefined) {
  return useQuery<Trade[]>({ queryKey: pendingTradesKey(userId ?? 0), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useTradeHistory(userId: number | undefined, enabled = true) {
  return useQuery<Trade[]>({ queryKey: tradeHistoryKey(userId ?? 0), enabled: enabled && userId !== undefined, meta: { errorToast: false } });
}
