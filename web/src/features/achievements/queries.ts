/**
 * A player's stats and achievements. Always refetched when a screen shows them (stale at once; the stats
 * once per screen, screenReads.ts):
 * they move with every creation, trade and battle, and a read is cheap. The screens show their own
 * error texts (product spec: errors, Stats and profile), so the global toast is off.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';
import { readOncePerScreen } from '../../app/screenReads';

const userStatsQuery = (userId: UserId) => ({
  ...routeQuery(apiPaths.users.stats, { params: { id: userId } }),
  staleTime: 0,
  refetchOnMount: readOncePerScreen,
  meta: { errorToast: false },
});

export function useUserStats(userId: UserId, enabled = true) {
  return useQuery({ ...userStatsQuery(userId), enabled });
}

/** Asks for a player's stats before the screen that shows them renders. */
export function prefetchUserStats(queryClient: QueryClient, userId: UserId): void {
  void queryClient.prefetchQuery(userStatsQuery(userId));
}

export function useAchievements(userId: UserId) {
  return useQuery({ ...routeQuery(apiPaths.users.achievements, { params: { id: userId } }), staleTime: 0, meta: { errorToast: false } });
}
