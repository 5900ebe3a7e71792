/** Cancels pending trades that a moved, deleted or rejected POG, or a banned player, was part of. */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { RELEASE_REASON_TEXT, type Canceller, type Detacher } from '../release-reasons';
import type { Tx } from '../db/client';
import { trades } from '../db/schema';
import { offerAnswerNotice } from '@pog/common/notifications/answers';
import { tradeLink } from '@pog/common/notifications/links';
import { notify } from '../notifications/repository';
import { toTrades } from './repository';
import type { PogId } from '@pog/common/schemas/ids';

/** Both POG columns, with the references to these POGs cleared (the rest kept as they are). */
function detachedColumns(pogIds: PogId[]) {
  return {
    offerPogId: sql<number | null>`CASE WHEN ${inArray(trades.offerPogId, pogIds)} THEN NULL ELSE ${trades.offerPogId} END`,
    requestPogId: sql<number | null>`CASE WHEN ${inArray(trades.requestPogId, pogIds)} THEN NULL ELSE ${trades.requestPogId} END`,
  };
}

const referencing = (pogIds: PogId[]) => or(inArray(trades.offerPogId, pogIds), inArray(trades.requestPogId, pogIds))!;

/** The ids of these trades, locked in ascending id order (the lock order), for an UPDATE ... WHERE id IN. */
const inIdOrder = (tx: Tx, where: SQL | undefined) => tx.select({ id: trades.id }).from(trades).where(where).orderBy(asc(trades.id)).for('update');

export const cancelTradesFor: Canceller = async (uow, scope, reason) => {
  const { tx, now } = uow;
  const who: SQL[] = [];
  if (scope.pogIds?.length) who.push(referencing(scope.pogIds));
  if (scope.userId !== undefined) who.push(eq(trades.fromUserId, scope.userId), eq(trades.toUserId, scope.userId));
  if (who.length === 0) return;
  const which = and(eq(trades.status, 'pending'), or(...who), scope.exceptTradeId === undefined ? undefined : ne(trades.id, scope.exceptTradeId));
  const cancelled = await tx
    .update(trades)
    .set({ status: 'cancelled', cancelReason: reason, decidedAt: now, ...(scope.detach && scope.pogIds?.length ? detachedColumns(scope.pogIds) : {}) })
    .where(and(inArray(trades.id, inIdOrder(tx, which)), which))
    .returning();
  for (const trade of await toTrades(tx, cancelled, now)) {
    // Its sender is told whom the offer was for (the same words as their toast); its recipient as before.
    const senderNotice = offerAnswerNotice(trade);
    for (const userId of [trade.fromUserId, trade.toUserId]) {
      const notice =
        userId === trade.fromUserId && senderNotice
          ? senderNotice
          : { title: 'Trade cancelled', body: `A trade offer was cancelled because ${RELEASE_REASON_TEXT[reason]}.`, link: tradeLink(trade.id) };
      await notify(uow, { userId, kind: 'trade.cancelled', ...notice });
      uow.toUser(userId, 'trade:updated', trade);
    }
  }
};

/** Finished trades keep their history without the deleted POGs. */
export const detachTradesFrom: Detacher = async (tx, pogIds) => {
  await tx.update(trades).set(detachedColumns(pogIds)).where(inArray(trades.id, inIdOrder(tx, referencing(pogIds))));
};
