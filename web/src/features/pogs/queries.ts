/** The POG screens' reads. */
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Pog, User } from '@pog/common';
import { fetchPogPage, type PogPage } from './api';
import { pogKey, pogListKey, userPogsKey, type PogFilters } from './keys';

/** A player as GET /api/users lists them. */
export type PlayerSummary = User & { pogCount: number };

export function useUserPogs(userId: number | undefined) {
  return useQuery<Pog[]>({ queryKey: userPogsKey(userId ?? 0), enabled: userId !== undefined });
}

export function usePog(pogId: number | null) {
  return useQuery<Pog>({ queryKey: pogKey(pogId ?? 0), enabled: pogId !== null, meta: { errorToast: false } });
}

function explorePogsOptions(filters: PogFilters) {
  return {
    queryKey: pogListKey(filters),
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => fetchPogPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PogPage) => last.nextCursor,
  };
}

/** Explore's paginated list: the next page starts at the cursor the last one returned. */
export function useExplorePogs(filters: PogFilters) {
  return useInfiniteQuery(explorePogsOptions(filters));
}

/** Starts loading a list's first page now, for a screen about to show it (useExplorePogs picks it up). */
export function prefetchExplorePogs(queryClient: QueryClient, filters: PogFilters): void {
  void queryClient.prefetchInfiniteQuery(explorePogsOptions(filters));
}
