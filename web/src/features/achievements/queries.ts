/**
 * A player's stats and achievements. Always refetched when a screen shows them (stale at once):
 * they move with every creation, trade and battle, and a read is cheap. The screens show their own
 * error texts (product spec: errors, Stats and profile), so the global toast is off.
 */
import { useQuery } from '@tanstack/react-query';
import { apiPaths, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';

export function useUserStats(userId: UserId, enabled = true) {
  return useQuery({ ...routeQuery(apiPaths.users.stats, { params: { id: userId } }), staleTime: 0, enabled, meta: { errorToast: false } });
}

export function useAchievements(userId: UserId) {
  return useQuery({ ...routeQuery(apiPaths.users.achievements, { params: { id: userId } }), staleTime: 0, meta: { errorToast: false } });
}
