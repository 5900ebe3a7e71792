/** The leaderboards' reads, and the refresh when a battle or a trade completes anywhere. */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, type LeaderboardBoard, type LeaderboardPeriod } from '@pog/common';
import { callUrl, routeQuery } from '../../api/client';

export const LEADERBOARD_PATH = apiPaths.leaderboard.get.path;

const leaderboardCall = (board: LeaderboardBoard, period: LeaderboardPeriod, page: number) => ({ query: { board, period, page } });

/** As everywhere in the app, the key's first element is the URL of the read. */
export const leaderboardKey = (board: LeaderboardBoard, period: LeaderboardPeriod, page: number) => [callUrl(apiPaths.leaderboard.get, leaderboardCall(board, period, page))] as const;

export function useLeaderboard(board: LeaderboardBoard, period: LeaderboardPeriod, page: number) {
  return useQuery({ ...routeQuery(apiPaths.leaderboard.get, leaderboardCall(board, period, page)), placeholderData: keepPreviousData, meta: { errorToast: false } });
}

/** `leaderboard:changed`: the boards on screen are asked again (the others when next shown). */
export function refreshLeaderboards(queryClient: QueryClient): void {
  // The arena's board too: a completed battle scores in it.
  void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(`${LEADERBOARD_PATH}?`) || String(query.queryKey[0]).startsWith(`${apiPaths.arena.board.path}?`) });
}
