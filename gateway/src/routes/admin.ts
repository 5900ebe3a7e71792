/**
 * The moderation API. Every route here sits behind the admin gate (app.ts): no admin
 * session, 401. Actions run in one transaction each and publish their events after commit.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { adminApi, NotFoundError } from '@pog/common';
import {
  deletePogAsAdmin, listAudit, moderatePogsInBulk, listAuditLog, listPogsForAdmin, listReports, listUsersForAdmin, moderatePog, moderateUser, POG_GONE, toAdminUser,
  type AdminListPage,
} from '@pog/domain/moderation';
import { spammerRoutes } from './spammer';
import { claimRoutes } from './admin-claims';
import { findPog, toPogWithNotes, type PogWithNames } from '@pog/domain/pogs';
import { requireAdminSession } from '../admin/admin-gate';
import { sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

/** A page of an admin list: its rows in the body, the next page's cursor and the total in headers. */
function answerPage<Row>(ctx: Context, { rows, nextCursor, total }: AdminListPage<Row>): Row[] {
  if (nextCursor) ctx.set('X-Next-Cursor', nextCursor);
  ctx.set('X-Total-Count', String(total));
  ctx.set('Access-Control-Expose-Headers', 'X-Next-Cursor, X-Total-Count');
  return rows;
}

export function adminRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/admin' });
  const dto = (found: PogWithNames) => toPogWithNotes(found, app.clock.now());
  /** Who the audit log names: the admin session, and the player signed in beside it (named if an admin). */
  const actorOf = (ctx: Parameters<typeof requireAdminSession>[0]) => ({ adminSessionId: requireAdminSession(ctx).id, adminPlayerId: sessionUserId(ctx) });

  handle(router, adminApi.flaggedPogs, async ({ ctx, query }) => {
    requireAdminSession(ctx);
    return answerPage(ctx, await listPogsForAdmin(app.db, query(), true)).map(dto);
  });

  handle(router, adminApi.allPogs, async ({ ctx, query }) => {
    requireAdminSession(ctx);
    return answerPage(ctx, await listPogsForAdmin(app.db, query(), false)).map(dto);
  });

  handle(router, adminApi.pogReports, async ({ ctx, params }) => {
    requireAdminSession(ctx);
    const { id } = params();
    if (!(await findPog(app.db, id))) throw new NotFoundError(POG_GONE);
    return await listReports(app.db, id);
  });

  handle(router, adminApi.moderatePog, async ({ ctx, params, body }) => {
    const admin = actorOf(ctx);
    const { id } = params();
    const input = body();
    const moderated = await moderatePog(
      app.db,
      {
        pogId: id,
        decision: input.isApproved ? 'approved' : 'rejected',
        notes: input.moderationNotes,
        expectedLastModeratedAt: input.expectedLastModeratedAt,
        overrideClaim: input.overrideClaim,
        ...admin,
      },
      app.clock.now(),
    );
    return dto(moderated);
  });

  handle(router, adminApi.deletePog, async ({ ctx, params, query }) => {
    const { id } = params();
    await deletePogAsAdmin(app.db, { pogId: id, overrideClaim: query().overrideClaim, ...actorOf(ctx) }, app.clock.now());
  });

  handle(router, adminApi.bulkModeratePogs, async ({ ctx, body }) => {
    const admin = actorOf(ctx);
    const { action, ids, notes } = body();
    const decided = await moderatePogsInBulk(app.db, { action, pogIds: ids, notes, ...admin }, app.clock.now());
    return { action, pogs: decided.map(dto) };
  });

  handle(router, adminApi.users, async ({ ctx, query }) => {
    requireAdminSession(ctx);
    return answerPage(ctx, await listUsersForAdmin(app.db, query()));
  });

  handle(router, adminApi.moderateUser, async ({ ctx, params, body }) => {
    const admin = actorOf(ctx);
    const { id } = params();
    const input = body();
    // One unit of work: the ban, its sessions deleted, every gateway's caches and sockets told.
    const user = await moderateUser(
      app.db,
      { userId: id, isBanned: input.isBanned, banReason: input.banReason, expectedLastModeratedAt: input.expectedLastModeratedAt, overrideClaim: input.overrideClaim, ...admin },
      app.clock.now(),
    );
    // The unit of work told every gateway durably; this says it at once too (and here, first).
    await app.bus.announce({ type: 'user', userId: user.id });
    return toAdminUser(user);
  });

  handle(router, adminApi.audit, async ({ ctx, query }) => {
    requireAdminSession(ctx);
    return await listAudit(app.db, query());
  });

  handle(router, adminApi.auditLog, async ({ ctx, query }) => {
    return await listAuditLog(app.db, { adminSessionId: requireAdminSession(ctx).id }, query());
  });

  spammerRoutes(app, router, actorOf);
  claimRoutes(app, router, actorOf);

  return router;
}
