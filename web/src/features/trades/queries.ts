/** The Trade Center's reads: your pending trades (sent and received) and your finished ones. */
import { useQuery } from '@tanstack/react-query';
import { apiPaths, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';

export function usePendingTrades(userId: UserId | undefined) {
  return useQuery({ ...routeQuery(apiPaths.trades.pending, { params: { userId: userId ?? 0 } }), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useTradeHistory(userId: UserId | undefined, enabled = true) {
  return useQuery({ ...routeQuery(apiPaths.trades.history, { params: { userId: userId ?? 0 } }), enabled: enabled && userId !== undefined, meta: { errorToast: false } });
}
