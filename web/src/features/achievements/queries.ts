/**
 * A player's stats and achievements. Always refetched when a screen shows them (stale at once):
 * they move with every creation, trade and battle, and a read is cheap. The screens show their own
 * error texts (spec section 8, Stats and profile), so the global toast is off.
 */
import { useQuery } from '@tanstack/react-query';
import type { Achievement, UserStats } from '@pog/common';
import { achievementsKey, statsKey } from './keys';

export function useUserStats(userId: number, enabled = true) {
  return useQuery<UserStats>({ queryKey: statsKey(userId), staleTime: 0, enabled, meta: { errorToast: false } });
}

export function useAchievements(userId: number) {
  return useQuery<Achievement[]>({ queryKey: achievementsKey(userId), staleTime: 0, meta: { errorToast: false } });
}
