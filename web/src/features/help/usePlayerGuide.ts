/**
 * The game guide as the signed-in player should read it: their own limits (base plus achievement
 * rewards, from their stats, the numbers the profile shows), the base ones for a visitor or until
 * the stats arrive.
 */
import { asUserId, gameGuide, type GuideTopic, pogbotGuide } from '@pog/common';
import { useUserStats } from '../achievements/queries';
import { useCurrentUser } from '../auth/useCurrentUser';

export function usePlayerGuide(withAchievements = false, enabled = true): readonly GuideTopic[] {
  const user = useCurrentUser().data ?? null;
  const stats = useUserStats(user?.id ?? asUserId(0), enabled && user !== null).data;
  const limits = user && stats ? stats : undefined;
  return withAchievements ? pogbotGuide(limits) : gameGuide(limits);
}
