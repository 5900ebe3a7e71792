/**
 * Counter-offers (docs/rules.md, Trades: counter-offers). The recipient of a pending trade
 * answers with their own offer: the POG they give and the POG they want from the other player. In
 * one transaction the old trade ends as `countered` and the counter is created the other way round,
 * naming it in `counter_of`; the counter is then an offer like any other (accept, reject, cancel,
 * counter again), and every rule of a new offer is checked again: ownership, cooldowns, supply, the
 * counterer's daily limit, bans, POGs risked in battles.
 *
 * Locks, in the lock order: both players (the counterer NO KEY UPDATE, for their daily limit, as a
 * new offer does), then the POGs of the counter, then the old trade. An accept, a cancel or another
 * counter of the same trade waits for the trade row, then finds it no longer pending: exactly one
 * of them wins.
 */
import { eq } from 'drizzle-orm';
import { EXPIRY } from '@pog/common/constants';
import { ConflictError, ValidationError } from '@pog/common/errors';
import type { CounterTradeRequest, Trade } from '@pog/common/trades/api';
import type { TradeId, UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import { lockActor } from '../moderation/player-locks';
import { counterNotice } from '@pog/common/notifications/answers';
import { notify } from '../notifications/repository';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { tradePolicy } from './policy';
import { toTrades } from './repository';
import { announce, assertPending, checkedOfferParts, DAY_MS, lockOfferFacts, lockTrade } from './rules';

export async function counterTrade(db: Db, tradeId: TradeId, actorId: UserId, input: CounterTradeRequest, now: Date): Promise<Trade> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // The players of a trade never change, so they can be read first and locked in the lock order.
    const [peek] = await tx.select({ fromUserId: trades.fromUserId }).from(trades).where(eq(trades.id, tradeId));
    const players = await lockActor(tx, actorId, 'limits', peek ? [peek.fromUserId] : []);
    const { found, underDailyLimit } = await lockOfferFacts(tx, actorId, [input.offerPogId, input.requestPogId], now);
    const row = await lockTrade(tx, tradeId);
    const actor = players.get(actorId)!;
    tradePolicy.authorize('counter', actor, row);
    await assertPending(tx, row, now);
    if (input.offerPogId === row.requestPogId && input.requestPogId === row.offerPogId) {
      throw new ValidationError('A counter-offer must change at least one POG. To take this trade as it is, accept it.');
    }
    const other = players.get(row.fromUserId)!;
    tradePolicy.authorize('offerTo', actor, other);
    underDailyLimit();

    const { offer, request } = await checkedOfferParts(tx, actor, other, found, input, now);

    const [countered] = await tx.update(trades).set({ status: 'countered', decidedAt: now }).where(eq(trades.id, row.id)).returning();
    const inserted = await tx
      .insert(trades)
      .values({
        fromUserId: actorId,
        toUserId: row.fromUserId,
        offerPogId: offer.id,
        requestPogId: request.id,
        counterOf: row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EXPIRY.tradeDays * DAY_MS),
      })
      .onConflictDoNothing()
      .returning();
    // Throwing rolls the whole counter back: the old offer stays pending.
    if (!inserted[0]) throw new ConflictError('You already offered this trade; it is waiting for an answer.');
    // Both shown from one read of their players, POGs and chains.
    const [counter, old] = (await toTrades(tx, [inserted[0], countered!], now)) as [Trade, Trade];
    // The old sender's notice links to the counter, which now waits for their answer.
    await notify(uow, { userId: row.fromUserId, kind: 'trade.countered', ...counterNotice(counter) });
    announce(uow, old);
    uow.toUser(counter.toUserId, 'trade:created', counter);
    uow.toUser(counter.fromUserId, 'trade:created', counter);
    return counter;
  });
}
