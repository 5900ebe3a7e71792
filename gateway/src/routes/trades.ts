/** Trades: offer, answer, cancel, and the lists of the Trade Center (spec sections 2, 7; issue 4). */
import Router from '@koa/router';
import { cancelTradeRequestSchema, counterTradeRequestSchema, createTradeRequestSchema, idParamSchema, tradeAnswerSchema, userIdParamSchema } from '@pog/common';
import { answerTrade, cancelTrade, counterTrade, createTrade, finishedTradesOf, pendingTradesOf, toTrades } from '@pog/common/server';
import { assertSelf, requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseBody, parseParams } from '../http/validate';

export function tradeRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/trades' });

  router.post('/', async (ctx) => {
    const user = await requireUser(app, ctx);
    const input = parseBody(ctx, createTradeRequestSchema);
    assertSelf(user, input.fromUserId, 'sender');
    ctx.status = 201;
    ctx.body = await createTrade(app.db, input, app.clock.now());
  });

  router.get('/pending/:userId', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { userId } = parseParams(ctx, userIdParamSchema);
    assertSelf(user, userId);
    ctx.body = await toTrades(app.db, await pendingTradesOf(app.db, userId), app.clock.now());
  });

  router.get('/history/:userId', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { userId } = parseParams(ctx, userIdParamSchema);
    assertSelf(user, userId);
    ctx.body = await toTrades(app.db, await finishedTradesOf(app.db, userId), app.clock.now());
  });

  router.patch('/:id/status', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const { status } = parseBody(ctx, tradeAnswerSchema);
    ctx.body = await answerTrade(app.db, id, user.id, status, app.clock.now());
  });

  router.post('/:id/counter', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const input = parseBody(ctx, counterTradeRequestSchema);
    ctx.status = 201;
    ctx.body = await counterTrade(app.db, id, user.id, input, app.clock.now());
  });

  router.post('/:id/cancel', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const { userId } = parseBody(ctx, cancelTradeRequestSchema);
    assertSelf(user, userId);
    ctx.body = await cancelTrade(app.db, id, user.id, app.clock.now());
  });

  return router;
}
