/** The sweep that ends pending trades older than their expiry (7 days); both players are told. */
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import { notify } from '../notifications/repository';
import { PendingEvents } from '../realtime';
import { toTrades } from './repository';

export async function expireTrades(db: Db, now: Date): Promise<{ expired: number; events: PendingEvents }> {
  const events = new PendingEvents();
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(trades)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(trades.status, 'pending'), lte(trades.expiresAt, now)))
      .returning();
    for (const trade of await toTrades(tx, rows, now)) {
      for (const userId of [trade.fromUserId, trade.toUserId]) {
        await notify(tx, events, { userId, kind: 'trade.expired', title: 'Trade offer expired', body: 'A trade offer expired after 7 days without an answer.', link: '/trade', dedupeKey: `trade-expired:${trade.id}` });
        events.toUser(userId, 'trade:updated', trade);
      }
    }
    return rows.length;
  });
  return { expired, events };
}
