/** The POG screens' reads. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Pog, User } from '@pog/common';
import { fetchPogPage } from './api';
import { pogKey, pogListKey, userPogsKey, type PogFilters } from './keys';

/** A player as GET /api/users lists them. */
export type PlayerSummary = User & { pogCount: number };

export function useUserPogs(userId: number | undefined) {
  return useQuery<Pog[]>({ queryKey: userPogsKey(userId ?? 0), enabled: userId !== undefined });
}

export function usePog(pogId: number | null) {
  return useQuery<Pog>({ queryKey: pogKey(pogId ?? 0), enabled: pogId !== null, meta: { errorToast: false } });
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
