/** The POG screens' reads. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Pog, User } from '@pog/common';
import { api } from '../../api/client';
import { toAppError } from '../../api/errors';
import { fetchPogPage } from './api';
import { pogKey, pogListKey, USERS_KEY, userPogsKey, type PogFilters } from './keys';

/** A player as GET /api/users lists them. */
export type PlayerSummary = User & { pogCount: number };

export function useUserPogs(userId: number | undefined) {
  return useQuery<Pog[]>({ queryKey: userPogsKey(userId ?? 0), enabled: userId !== undefined });
}

export function usePog(pogId: number | null) {
  return useQuery<Pog>({ queryKey: pogKey(pogId ?? 0), enabled: pogId !== null, meta: { errorToast: false } });
}

export function usePlayers() {
  return useQuery<PlayerSummary[]>({ queryKey: USERS_KEY });
}

/** Explore's paginated list: the next page starts at the cursor the last one returned. */
export function useExplorePogs(filters: PogFilters) {
  return useInfiniteQuery({
    queryKey: pogListKey(filters),
    queryFn: ({ pageParam, signal }) => fetchPogPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * A pending trade as the Trade Center will show it. Trading is a later feature, so only the
 * fields this list reads are named, all optional.
 */
export interface PendingTradeSummary {
  id: number;
  fromUserId?: number;
  toUserId?: number;
  fromUser?: { username?: string };
  toUser?: { username?: string };
  offerPog?: { name?: string };
  requestPog?: { name?: string };
  timeAgo?: string;
}

const tradesPath = (userId: number) => `/api/trades/pending/${userId}`;

/** GET /api/trades/pending/{userId}; until trading exists the route answers 404, which means "none". */
export function useActiveTrades(userId: number | undefined) {
  return useQuery<PendingTradeSummary[]>({
    queryKey: [tradesPath(userId ?? 0)],
    enabled: userId !== undefined,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<PendingTradeSummary[]>(tradesPath(userId ?? 0), signal);
      } catch (error) {
        if (toAppError(error).code === 'NOT_FOUND') return [];
        throw error;
      }
    },
    meta: { errorToast: false },
  });
}
