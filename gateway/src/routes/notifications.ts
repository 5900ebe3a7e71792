/** The bell: stored notifications, newest first, with the unread count. */
import Router from '@koa/router';
import { notificationsApi } from '@pog/common';
import { listNotifications, markNotificationsRead } from '@pog/domain/notifications';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function notificationRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/notifications' });

  handle(router, notificationsApi.list, async ({ ctx }) => {
    const user = await requireUser(app, ctx);
    return await listNotifications(app.db, user.id);
  });

  handle(router, notificationsApi.markRead, async ({ ctx, body }) => {
    const user = await requireUser(app, ctx);
    const { ids } = body();
    await markNotificationsRead(app.db, user.id, ids, app.clock.now());
  });

  return router;
}
