/** Live refresh: a notification that moves a player's stats makes the profile refetch them. */
import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationKind } from '@pog/common';
import { achievementsKey, statsKey } from './keys';

/** What changes stats without the player having pressed anything on this page. */
const MOVES_STATS: ReadonlySet<NotificationKind> = new Set(['achievement.completed', 'trade.accepted', 'battle.completed', 'pog.deleted']);

export function refreshStatsOn(queryClient: QueryClient, notification: Pick<Notification, 'kind' | 'userId'>): void {
  if (!MOVES_STATS.has(notification.kind)) return;
  void queryClient.invalidateQueries({ queryKey: statsKey(notification.userId) });
  void queryClient.invalidateQueries({ queryKey: achievementsKey(notification.userId) });
}

/**
 * After the player's own creation, edit or deletion (or a refusal by a limit): every cached stats
 * read is asked again, so the studio's allowance and countdown follow the server.
 */
export function refreshAllStats(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && /^\/api\/users\/\d+\/stats$/.test(query.queryKey[0]) });
}
