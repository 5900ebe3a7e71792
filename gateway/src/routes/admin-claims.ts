/**
 * Claims on the moderation queue (`@pog/domain/moderation` claims.ts): the claims in force, and an
 * admin claiming or releasing a POG or a player. Behind the admin gate like the rest of /api/admin.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { adminApi } from '@pog/common';
import { claimTarget, listClaims, releaseClaim, type Claimant } from '@pog/domain/moderation';
import { requireAdminSession } from '../admin/admin-gate';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function claimRoutes(app: AppContext, router: Router, actorOf: (ctx: Context) => Claimant): void {
  const { claimMs } = app.config;

  handle(router, adminApi.claims, async ({ ctx }) => {
    return await listClaims(app.db, { adminSessionId: requireAdminSession(ctx).id }, app.clock.now());
  });

  handle(router, adminApi.claimPog, async ({ ctx, params, body }) => {
    const target = { type: 'pog', id: params().id } as const;
    return await claimTarget(app.db, { target, overrideClaim: body().overrideClaim, claimMs, ...actorOf(ctx) }, app.clock.now());
  });

  handle(router, adminApi.releasePog, async ({ ctx, params }) => {
    await releaseClaim(app.db, { target: { type: 'pog', id: params().id }, ...actorOf(ctx) }, app.clock.now());
  });

  handle(router, adminApi.claimUser, async ({ ctx, params, body }) => {
    const target = { type: 'user', id: params().id } as const;
    return await claimTarget(app.db, { target, overrideClaim: body().overrideClaim, claimMs, ...actorOf(ctx) }, app.clock.now());
  });

  handle(router, adminApi.releaseUser, async ({ ctx, params }) => {
    await releaseClaim(app.db, { target: { type: 'user', id: params().id }, ...actorOf(ctx) }, app.clock.now());
  });
}
