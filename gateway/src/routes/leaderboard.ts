/** The leaderboards (issue 16 §2): public like Explore; a signed-in player also gets their own rank. */
import Router from '@koa/router';
import { leaderboardApi } from '@pog/common';
import { RankSnapshots, readLeaderboard } from '@pog/common/server';
import { sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function leaderboardRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/leaderboard' });
  // Deep ranks (past the first 2,000) come from snapshots of each board, kept in this process.
  const snapshots = new RankSnapshots();
  handle(router, leaderboardApi.get, async ({ ctx, query }) => readLeaderboard(app.db, query(), sessionUserId(ctx), app.clock.now(), snapshots));
  return router;
}
