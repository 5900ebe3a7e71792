/** Have and Want's reads: the signed-in player's marks and their matches (both the session's own). */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@pog/common';
import { routeKey, routeQuery } from '../../api/client';

export const marksKey = () => routeKey(apiPaths.wishlists.marks);
export const matchesKey = () => routeKey(apiPaths.wishlists.matches);

export function useMarks(enabled: boolean) {
  return useQuery({ ...routeQuery(apiPaths.wishlists.marks), enabled, meta: { errorToast: false } });
}

export function useMatches(enabled: boolean) {
  return useQuery({ ...routeQuery(apiPaths.wishlists.matches), enabled, meta: { errorToast: false } });
}

/**
 * `matches:changed` from the socket: a POG was marked or changed hands, so the matches (and, after a
 * move, the player's own marks) are read again.
 */
export function refreshMatches(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: matchesKey() });
  void queryClient.invalidateQueries({ queryKey: marksKey() });
}
