/** The bell: stored notifications, newest first, with the unread count. */
import Router from '@koa/router';
import { markReadRequestSchema } from '@pog/common';
import { listNotifications, markNotificationsRead } from '@pog/common/server';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseBody } from '../http/validate';

export function notificationRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/notifications' });

  router.get('/', async (ctx) => {
    const user = await requireUser(app, ctx);
    ctx.body = await listNotifications(app.db, user.id);
  });

  router.post('/read', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { ids } = parseBody(ctx, markReadRequestSchema);
    await markNotificationsRead(app.db, user.id, ids, app.clock.now());
    ctx.status = 204;
  });

  return router;
}
