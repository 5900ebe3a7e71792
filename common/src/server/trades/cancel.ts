/** Cancels pending trades that a moved, deleted or rejected POG, or a banned player, was part of. */
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { RELEASE_REASON_TEXT, type Canceller } from '../release-reasons';
import { trades } from '../db/schema';
import { notify } from '../notifications/repository';
import { toTrades } from './repository';

export const cancelTradesFor: Canceller = async (uow, scope, reason) => {
  const { tx, now } = uow;
  const who: SQL[] = [];
  if (scope.pogIds?.length) who.push(inArray(trades.offerPogId, scope.pogIds), inArray(trades.requestPogId, scope.pogIds));
  if (scope.userId !== undefined) who.push(eq(trades.fromUserId, scope.userId), eq(trades.toUserId, scope.userId));
  if (who.length === 0) return;
  const cancelled = await tx
    .update(trades)
    .set({ status: 'cancelled', cancelReason: reason, decidedAt: now })
    .where(and(eq(trades.status, 'pending'), or(...who), scope.exceptTradeId === undefined ? undefined : ne(trades.id, scope.exceptTradeId)))
    .returning();
  for (const trade of await toTrades(tx, cancelled, now)) {
    for (const userId of [trade.fromUserId, trade.toUserId]) {
      await notify(uow, {
        userId,
        kind: 'trade.cancelled',
        title: 'Trade cancelled',
        body: `A trade offer was cancelled because ${RELEASE_REASON_TEXT[reason]}.`,
        link: '/trade',
      });
      uow.toUser(userId, 'trade:updated', trade);
    }
  }
};
