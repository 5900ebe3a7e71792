/** Players: the list (trade partners, creator filter), a profile, and a player's POGs. */
import Router from '@koa/router';
import { idParamSchema, NotFoundError, userListQuerySchema } from '@pog/common';
import { findPublicUser, findUserById, listOwnedPogs, listPublicUsers, toPogFor } from '@pog/common/server';
import { sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseParams, parseQuery } from '../http/validate';

export function userRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/users' });

  /**
   * A page of players (`limit`, `cursor` from the previous page's X-Next-Cursor), `search`able by
   * name; `canBeChallenged=1` keeps those holding a POG they could risk (the challenge form's
   * opponents), `holding=1` those holding any POG (trade partners, creators).
   */
  router.get('/', async (ctx) => {
    const { canBeChallenged, holding, ...query } = parseQuery(ctx, userListQuerySchema);
    const { rows, nextCursor } = await listPublicUsers(app.db, { ...query, holding: Boolean(holding), challengeableAt: canBeChallenged ? app.clock.now() : undefined });
    if (nextCursor) ctx.set('X-Next-Cursor', nextCursor);
    ctx.set('Access-Control-Expose-Headers', 'X-Next-Cursor');
    ctx.body = rows;
  });

  router.get('/:id', async (ctx) => {
    const { id } = parseParams(ctx, idParamSchema);
    const user = await findPublicUser(app.db, id);
    if (!user) throw new NotFoundError('That player does not exist.');
    ctx.body = user;
  });

  router.get('/:id/pogs', async (ctx) => {
    const { id } = parseParams(ctx, idParamSchema);
    if (!(await findUserById(app.db, id))) throw new NotFoundError('That player does not exist.');
    const viewerId = sessionUserId(ctx);
    const rows = await listOwnedPogs(app.db, id, viewerId === id);
    const now = app.clock.now();
    ctx.body = rows.map((row) => toPogFor(viewerId, row, now));
  });

  return router;
}
