/** The POG screens' reads. */
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, type PogId, type PublicUser, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';
import { fetchPogPage, type PogPage } from './api';
import { pogListKey, type PogFilters } from './keys';

/** A player as GET /api/users lists them. */
export type PlayerSummary = PublicUser;

export function useUserPogs(userId: UserId | undefined) {
  return useQuery({ ...routeQuery(apiPaths.users.pogs, { params: { id: userId ?? 0 } }), enabled: userId !== undefined });
}

export function usePog(pogId: PogId | null) {
  return useQuery({ ...routeQuery(apiPaths.pogs.get, { params: { id: pogId ?? 0 } }), enabled: pogId !== null, meta: { errorToast: false } });
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
