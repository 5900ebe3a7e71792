/** The leaderboards: public like Explore; a signed-in player also gets their own rank. */
import Router from '@koa/router';
import { leaderboardApi } from '@pog/common';
import { readLeaderboard } from '@pog/domain/leaderboards';
import { sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function leaderboardRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/leaderboard' });
  // Pages kept a few seconds (dropped by the events that change standings: realtime/socket-server.ts);
  // deep ranks (past the first 2,000) start from samples of each board, kept in this process.
  handle(router, leaderboardApi.get, async ({ ctx, query }) => {
    const { pages, snapshots } = app.leaderboards;
    return readLeaderboard(app.db, query(), sessionUserId(ctx), app.clock.now(), snapshots, pages);
  });
  return router;
}
