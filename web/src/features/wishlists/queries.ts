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

/** How often at most the matches are read again while changes keep coming. */
export const MATCHES_REFRESH_MS = 2_000;

/**
 * For `matches:changed` from the socket: a POG was marked or changed hands, so the matches (and,
 * after a move, the player's own marks) are read again. The first change is read at once; those
 * that come within the next MATCHES_REFRESH_MS are read together at its end, so that a burst (a
 * catch-up, another player marking in a loop) costs one read a window, and the last change is
 * always read.
 */
export function matchesRefresher(queryClient: QueryClient, ms = MATCHES_REFRESH_MS): () => void {
  let window: ReturnType<typeof setTimeout> | undefined;
  let changedMeanwhile = false;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: matchesKey() });
    void queryClient.invalidateQueries({ queryKey: marksKey() });
    window = setTimeout(endWindow, ms);
  };
  const endWindow = () => {
    window = undefined;
    if (!changedMeanwhile) return;
    changedMeanwhile = false;
    refresh();
  };
  return () => {
    if (window) changedMeanwhile = true;
    else refresh();
  };
}
