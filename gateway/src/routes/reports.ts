/** Players reporting POGs for moderation (issue 6 §2): once per POG, never one's own. */
import Router from '@koa/router';
import { idParamSchema, reportPogRequestSchema } from '@pog/common';
import { reportPog, toPog } from '@pog/common/server';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseBody, parseParams } from '../http/validate';

export function reportRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/pogs' });

  router.post('/:id/report', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const { reason } = parseBody(ctx, reportPogRequestSchema);
    const now = app.clock.now();
    const reported = await reportPog(app.db, { pogId: id, userId: user.id, reason }, now);
    ctx.status = 201;
    ctx.body = toPog(reported, now);
  });

  return router;
}
