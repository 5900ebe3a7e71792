/** POGs: create, edit, delete, read and browse (spec sections 2, 3, 7). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { createPogRequestSchema, idParamSchema, NotFoundError, pogListQuerySchema, updatePogRequestSchema } from '@pog/common';
import { createPog, deleteOwnPog, findPog, listPogs, pogProvenance, toPog, toPogFor, toPogWithNotes, updatePogDesign, type PogWithNames } from '@pog/common/server';
import { assertSelf, requireUser, sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseBody, parseParams, parseQuery } from '../http/validate';

const RECENT_COUNT = 20;

export function pogRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/pogs' });
  const dto = (found: PogWithNames) => toPog(found, app.clock.now());
  /** What the owner and the admins see: with the moderator's notes. */
  const privateDto = (found: PogWithNames) => toPogWithNotes(found, app.clock.now());

  /** A rejected POG exists only for its owner. */
  async function visiblePog(ctx: Context, id: number): Promise<PogWithNames> {
    const found = await findPog(app.db, id);
    if (!found || (found.pog.moderationStatus === 'rejected' && found.pog.userId !== sessionUserId(ctx))) {
      throw new NotFoundError('That POG does not exist (it may have been deleted).');
    }
    return found;
  }

  router.post('/', async (ctx) => {
    const user = await requireUser(app, ctx);
    const input = parseBody(ctx, createPogRequestSchema);
    assertSelf(user, input.userId);
    ctx.status = 201;
    ctx.body = privateDto(await createPog(app.db, user.id, input, app.clock.now()));
  });

  router.get('/', async (ctx) => {
    const query = parseQuery(ctx, pogListQuerySchema);
    const { rows, nextCursor } = await listPogs(app.db, query);
    if (nextCursor) ctx.set('X-Next-Cursor', nextCursor);
    ctx.set('Access-Control-Expose-Headers', 'X-Next-Cursor');
    ctx.body = rows.map(dto);
  });

  router.get('/recent', async (ctx) => {
    const { rows } = await listPogs(app.db, { sort: 'recent', limit: RECENT_COUNT });
    ctx.body = rows.map(dto);
  });

  router.get('/:id', async (ctx) => {
    const { id } = parseParams(ctx, idParamSchema);
    ctx.body = toPogFor(sessionUserId(ctx), await visiblePog(ctx, id), app.clock.now());
  });

  /** The POG's page: public like Explore (a visitor sees it too), its history oldest first. */
  router.get('/:id/provenance', async (ctx) => {
    const { id } = parseParams(ctx, idParamSchema);
    const viewerId = sessionUserId(ctx);
    ctx.body = await pogProvenance(app.db, await visiblePog(ctx, id), viewerId, app.clock.now());
  });

  router.patch('/:id', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const changes = parseBody(ctx, updatePogRequestSchema);
    ctx.body = privateDto(await updatePogDesign(app.db, id, user.id, changes, app.clock.now()));
  });

  router.delete('/:id', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    await deleteOwnPog(app.db, id, user.id, app.clock.now());
    ctx.status = 204;
  });

  return router;
}
