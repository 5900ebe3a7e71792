/** The weekly arena: the board is public like the leaderboards; a signed-in player also gets their own place. */
import Router from '@koa/router';
import { arenaApi } from '@pog/common';
import { readArenaBadges, readArenaBoard } from '@pog/domain/leaderboards';
import { sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function arenaRoutes(app: AppContext): Router {
  const router = new Router();
  handle(router, arenaApi.board, async ({ ctx, query }) => readArenaBoard(app.db, query(), sessionUserId(ctx), app.clock.now()));
  handle(router, arenaApi.badges, async ({ params }) => readArenaBadges(app.db, params().id, app.clock.now()));
  return router;
}
