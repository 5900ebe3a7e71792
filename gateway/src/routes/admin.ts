/**
 * The moderation API (issue 6 §2). Every route here sits behind the admin gate (app.ts): no admin
 * session, 401. Actions run in one transaction each and publish their events after commit.
 */
import Router from '@koa/router';
import {
  adminPogListQuerySchema,
  adminUserListQuerySchema,
  idParamSchema,
  moderatePogRequestSchema,
  moderateUserRequestSchema,
  moderationAuditQuerySchema,
  NotFoundError,
} from '@pog/common';
import {
  deletePogAsAdmin,
  findPog,
  listAudit,
  listPogsForAdmin,
  listReports,
  listUsersForAdmin,
  moderatePog,
  moderateUser,
  POG_GONE,
  toAdminUser,
  toPogWithNotes,
  type PogWithNames,
} from '@pog/common/server';
import { requireAdminSession } from '../admin/admin-gate';
import type { AppContext } from '../context';
import { parseBody, parseParams, parseQuery } from '../http/validate';

export function adminRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/admin' });
  const dto = (found: PogWithNames) => toPogWithNotes(found, app.clock.now());

  router.get('/pogs/flagged', async (ctx) => {
    requireAdminSession(ctx);
    const query = parseQuery(ctx, adminPogListQuerySchema);
    ctx.body = (await listPogsForAdmin(app.db, query, true)).map(dto);
  });

  router.get('/pogs/all', async (ctx) => {
    requireAdminSession(ctx);
    const query = parseQuery(ctx, adminPogListQuerySchema);
    ctx.body = (await listPogsForAdmin(app.db, query, false)).map(dto);
  });

  router.get('/pogs/:id/reports', async (ctx) => {
    requireAdminSession(ctx);
    const { id } = parseParams(ctx, idParamSchema);
    if (!(await findPog(app.db, id))) throw new NotFoundError(POG_GONE);
    ctx.body = await listReports(app.db, id);
  });

  router.put('/pogs/:id/moderate', async (ctx) => {
    const admin = requireAdminSession(ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const input = parseBody(ctx, moderatePogRequestSchema);
    const moderated = await moderatePog(
      app.db,
      {
        pogId: id,
        decision: input.isApproved ? 'approved' : 'rejected',
        notes: input.moderationNotes,
        expectedLastModeratedAt: input.expectedLastModeratedAt,
        adminSessionId: admin.id,
      },
      app.clock.now(),
    );
    ctx.body = dto(moderated);
  });

  router.delete('/pogs/:id', async (ctx) => {
    const admin = requireAdminSession(ctx);
    const { id } = parseParams(ctx, idParamSchema);
    await deletePogAsAdmin(app.db, { pogId: id, adminSessionId: admin.id }, app.clock.now());
    ctx.status = 204;
  });

  router.get('/users', async (ctx) => {
    requireAdminSession(ctx);
    ctx.body = await listUsersForAdmin(app.db, parseQuery(ctx, adminUserListQuerySchema));
  });

  router.put('/users/:id/moderate', async (ctx) => {
    const admin = requireAdminSession(ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const input = parseBody(ctx, moderateUserRequestSchema);
    // One unit of work: the ban, its sessions deleted, every gateway's caches and sockets told.
    const user = await moderateUser(
      app.db,
      { userId: id, isBanned: input.isBanned, banReason: input.banReason, expectedLastModeratedAt: input.expectedLastModeratedAt, adminSessionId: admin.id },
      app.clock.now(),
    );
    // The unit of work told every gateway durably; this says it at once too (and here, first).
    await app.bus.announce({ type: 'user', userId: user.id });
    ctx.body = toAdminUser(user);
  });

  router.get('/audit', async (ctx) => {
    requireAdminSession(ctx);
    ctx.body = await listAudit(app.db, parseQuery(ctx, moderationAuditQuerySchema));
  });

  return router;
}
