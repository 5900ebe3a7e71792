/** Players: the list (trade partners, creator filter), a profile, and a player's POGs. */
import Router from '@koa/router';
import { idParamSchema, NotFoundError } from '@pog/common';
import { findPublicUser, findUserById, listOwnedPogs, listPublicUsers, toPogFor } from '@pog/common/server';
import { sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseParams } from '../http/validate';

export function userRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/users' });

  router.get('/', async (ctx) => {
    ctx.body = await listPublicUsers(app.db);
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
