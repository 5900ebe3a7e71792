/** The sweep that ends pending trades older than their expiry (7 days); both players are told. */
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import { offerAnswerNotice } from '@pog/common/notifications/answers';
import { tradeLink } from '@pog/common/notifications/links';
import { notify } from '../notifications/repository';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { toTrades } from './repository';

export async function expireTrades(db: Db, now: Date): Promise<number> {
  return inUnitOfWork(db, now, async (uow) => {
    const rows = await uow.tx
      .update(trades)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(trades.status, 'pending'), lte(trades.expiresAt, now)))
      .returning();
    for (const trade of await toTrades(uow.tx, rows, now)) {
      // Its sender is told whom the offer was for (the same words as their toast).
      const senderNotice = offerAnswerNotice(trade);
      for (const userId of [trade.fromUserId, trade.toUserId]) {
        const notice =
          userId === trade.fromUserId && senderNotice
            ? senderNotice
            : { title: 'Trade offer expired', body: 'A trade offer expired after 7 days without an answer.', link: tradeLink(trade.id) };
        await notify(uow, { userId, kind: 'trade.expired', ...notice, dedupeKey: `trade-expired:${trade.id}` });
        uow.toUser(userId, 'trade:updated', trade);
      }
    }
    return rows.length;
  });
}
