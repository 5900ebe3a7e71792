/**
 * Stats and achievements (spec sections 2 Profile, 3, 7): GET /api/users/:id/stats and
 * /api/users/:id/achievements for signed-in players. Completions are recorded by the
 * `achievements.check` jobs the domain declares with each change.
 */
import Router from '@koa/router';
import { achievementList, idParamSchema } from '@pog/common';
import { progressOf, userStats } from '@pog/common/server';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseParams } from '../http/validate';

export function achievementRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/users' });

  router.get('/:id/stats', async (ctx) => {
    await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    ctx.body = await userStats(app.db, id, app.clock.now());
  });

  router.get('/:id/achievements', async (ctx) => {
    await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const { stats, completed } = await progressOf(app.db, id, app.clock.now());
    ctx.body = achievementList(stats, completed);
  });

  return router;
}
