/** Have and Want: a player's marks on POGs and the players they match with (always the signed-in player's own). */
import Router from '@koa/router';
import { wishlistsApi } from '@pog/common';
import { markPog, readMarks, readMatches } from '@pog/domain/wishlists';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function wishlistRoutes(app: AppContext): Router {
  const router = new Router();
  handle(router, wishlistsApi.marks, async ({ ctx }) => readMarks(app.db, (await requireUser(app, ctx)).id));
  handle(router, wishlistsApi.mark, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    return markPog(app.db, user.id, params().id, body(), app.clock.now());
  });
  handle(router, wishlistsApi.matches, async ({ ctx }) => readMatches(app.db, (await requireUser(app, ctx)).id, app.clock.now()));
  return router;
}
