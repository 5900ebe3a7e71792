/** Players reporting POGs for moderation (issue 6 §2): once per POG, never one's own. */
import Router from '@koa/router';
import { pogsApi } from '@pog/common';
import { reportPog, toPog } from '@pog/common/server';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function reportRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/pogs' });

  handle(router, pogsApi.report, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const { reason } = body();
    const now = app.clock.now();
    const reported = await reportPog(app.db, { pogId: id, userId: user.id, reason }, now);
    return toPog(reported, now);
  });

  return router;
}
