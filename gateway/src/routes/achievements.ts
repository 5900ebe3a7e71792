/**
 * Stats and achievements (product spec: screens (Profile), entities and calls): GET /api/users/:id/stats and
 * /api/users/:id/achievements for signed-in players. Completions are recorded by the
 * `achievements.check` jobs the domain declares with each change.
 */
import Router from '@koa/router';
import { achievementList, usersApi } from '@pog/common';
import { progressOf, userStats } from '@pog/domain/users';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function achievementRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/users' });

  handle(router, usersApi.stats, async ({ ctx, params }) => {
    await requireUser(app, ctx);
    const { id } = params();
    return await userStats(app.db, id, app.clock.now());
  });

  handle(router, usersApi.achievements, async ({ ctx, params }) => {
    await requireUser(app, ctx);
    const { id } = params();
    const { stats, completed } = await progressOf(app.db, id, app.clock.now());
    return achievementList(stats, completed);
  });

  return router;
}
