/** The leaderboards' reads, and the refresh when a battle or a trade completes anywhere. */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Leaderboard, LeaderboardBoard, LeaderboardPeriod } from '@pog/common';

export const LEADERBOARD_PATH = '/api/leaderboard';

/** As everywhere in the app, the key's first element is the URL the default query function GETs. */
export const leaderboardKey = (board: LeaderboardBoard, period: LeaderboardPeriod, page: number) =>
  [`${LEADERBOARD_PATH}?board=${board}&period=${period}&page=${page}`] as const;

export function useLeaderboard(board: LeaderboardBoard, period: LeaderboardPeriod, page: number) {
  return useQuery<Leaderboard>({ queryKey: leaderboardKey(board, period, page), placeholderData: keepPreviousData, meta: { errorToast: false } });
}

/** `leaderboard:changed`: the boards on screen are asked again (the others when next shown). */
export function refreshLeaderboards(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(`${LEADERBOARD_PATH}?`) });
}
