/** The Trade Center's reads: your pending trades (sent and received) and your finished ones. */
import { useQuery } from '@tanstack/react-query';
import { tradesApi } from '@pog/common';
import { routeQuery } from '../../api/client';

export function usePendingTrades(userId: number | undefined) {
  return useQuery({ ...routeQuery(tradesApi.pending, { params: { userId: userId ?? 0 } }), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useTradeHistory(userId: number | undefined, enabled = true) {
  return useQuery({ ...routeQuery(tradesApi.history, { params: { userId: userId ?? 0 } }), enabled: enabled && userId !== undefined, meta: { errorToast: false } });
}
