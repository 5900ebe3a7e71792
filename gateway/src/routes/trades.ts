/** Trades: offer, answer, cancel, and the lists of the Trade Center (product spec: screens and calls). */
import Router from '@koa/router';
import { tradesApi } from '@pog/common';
import {
  answerTrade, cancelTrade, counterTrade, createTrade, finishedTradesOf, pendingTradesOf, toTrades, tradePolicy,
} from '@pog/domain/trades';
import { authorizeActingAs } from '@pog/domain/users';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function tradeRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/trades' });

  handle(router, tradesApi.create, async ({ ctx, body }) => {
    const user = await requireUser(app, ctx);
    const input = body();
    return await createTrade(app.db, user.id, input, app.clock.now());
  });

  handle(router, tradesApi.pending, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { userId } = params();
    tradePolicy.authorize('list', user, userId);
    return await toTrades(app.db, await pendingTradesOf(app.db, userId), app.clock.now());
  });

  handle(router, tradesApi.history, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { userId } = params();
    tradePolicy.authorize('list', user, userId);
    return await toTrades(app.db, await finishedTradesOf(app.db, userId), app.clock.now());
  });

  handle(router, tradesApi.answer, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const { status } = body();
    return await answerTrade(app.db, id, user.id, status, app.clock.now());
  });

  handle(router, tradesApi.counter, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const input = body();
    return await counterTrade(app.db, id, user.id, input, app.clock.now());
  });

  handle(router, tradesApi.cancel, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const { userId } = body();
    authorizeActingAs(user, userId);
    return await cancelTrade(app.db, id, user.id, app.clock.now());
  });

  return router;
}
