/**
 * Trading (decisions.md, Trades and Limits). Every command is one transaction; accepting locks both
 * POGs and the trade, re-checks everything, and moves the POGs with conditional updates, so two
 * accepts, or an accept and a cancel, can never both win, and no POG is lost or duplicated.
 *
 * Lock order, everywhere: player rows first (ascending id; moderation/player-locks.ts), then POG rows
 * (ascending id), then trade or battle rows. Every command locks the players it concerns and re-reads
 * their bans there, so a ban (which holds the player's row while it cancels their trades) is never
 * half-seen. Releasing other offers updates their rows after the POGs are held, so a concurrent
 * accept of one of them is still waiting for the POGs, not holding its trade: no deadlock.
 *
 * Each command is a unit of work: its notifications, its events for both players and its follow-up
 * jobs (achievement checks after a swap) commit with the change.
 */
import { and, eq } from 'drizzle-orm';
import { EXPIRY, TRADE_COOLDOWN_MINUTES } from '@pog/common/constants';
import { ConflictError, NotFoundError, ValidationError } from '@pog/common/errors';
import type { CreateTradeRequest, Trade } from '@pog/common/trades/api';
import { offerAnswerNotice } from '@pog/common/notifications/answers';
import { TRADE_LINK_PREFIX, tradeLink } from '@pog/common/notifications/links';
import { riskedInBattleQuery } from '../battles/cancel';
import { refuseRiskedInBattle, releaseCommitments, releasedByMove, releasedFrom, type ReleasedByMove, type ReleasedColumns } from '../commitments';
import type { NotificationId, PogId, TradeId, UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { pogs, trades, type PogRow, type TradeRow } from '../db/schema';
import { lockPogs } from '../pogs/locks';
import { lockActor, type LockedPlayer } from '../moderation/player-locks';
import { notify, notifyStored } from '../notifications/repository';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { playerRef, recordHistory } from '../provenance/history';
import { tradePolicy } from './policy';
import { chainOf, showLockedTrade, toTrade } from './repository';
import { announce, assertPending, DAY_MS, lockOfferFacts, lockTrade, offerParts, unavailable } from './rules';

/**
 * The offer's row and its recipient's notice ($7 to $9: kind, title, body; the link is the trade's),
 * hand-written (db/raw-query.ts), in one round trip, unless an accepted battle risks one of its POGs
 * (assertNotRiskedInBattle's question: the POGs are held since the statement before, so the answer
 * holds until commit) or the same offer is already pending: then neither, and the risked POGs' ids.
 */
const INSERT_OFFER: RawStatement = {
  name: 'trades_insert_offer',
  text: `WITH risked AS (${riskedInBattleQuery('ARRAY[$3, $4]::int[]')}), offer AS (
      INSERT INTO trades AS t (from_user_id, to_user_id, offer_pog_id, request_pog_id, created_at, expires_at)
      SELECT $1::int, $2::int, $3::int, $4::int, $5::timestamptz, $6::timestamptz FROM risked WHERE cardinality(risked.ids) = 0
      ON CONFLICT DO NOTHING RETURNING ${selectColumns(trades, 't')}
    ), notice AS (
      INSERT INTO notifications AS n (user_id, kind, title, body, link)
      SELECT offer."toUserId", $7::text, $8::text, $9::text, '${TRADE_LINK_PREFIX}' || offer.id FROM offer
      RETURNING n.id AS "noticeId", n.created_at AS "noticeCreatedAt"
    )
    SELECT risked.ids AS "riskedPogIds", offer.*, notice.* FROM risked LEFT JOIN offer ON true LEFT JOIN notice ON true`,
};

type InsertedOffer = Partial<TradeRow> & { riskedPogIds: PogId[]; noticeId: NotificationId | null; noticeCreatedAt: Date | null };

export async function createTrade(db: Db, actorId: UserId, input: CreateTradeRequest, now: Date): Promise<Trade> {
  tradePolicy.authorize('send', { id: actorId }, input.fromUserId);
  if (input.fromUserId === input.toUserId) throw new ValidationError('You cannot trade with yourself.');
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // The sender's limits lock serialises their offers, so the daily limit holds under concurrency;
    // both players' rows are only shared (offers to the sender meanwhile need not wait), and a ban
    // of either player waits for this offer (and cancels it) or is seen here.
    const players = await lockActor(tx, input.fromUserId, 'limits', [input.toUserId]);
    const recipient = players.get(input.toUserId);
    if (!recipient) throw new NotFoundError('That player does not exist.');
    const sender = players.get(input.fromUserId)!;
    tradePolicy.authorize('offerTo', sender, recipient);

    const { found, underDailyLimit } = await lockOfferFacts(tx, input.fromUserId, [input.offerPogId, input.requestPogId], now);
    underDailyLimit();
    const { offer, request } = offerParts(sender, recipient, found, input, now);

    const expiresAt = new Date(now.getTime() + EXPIRY.tradeDays * DAY_MS);
    const notice = { userId: input.toUserId, kind: 'trade.offered', title: 'New trade offer', body: `${sender.username} offers ${offer.name} for your ${request.name}.` } as const;
    const [result] = await rawQuery<InsertedOffer>(tx, INSERT_OFFER, [input.fromUserId, input.toUserId, offer.id, request.id, now, expiresAt, notice.kind, notice.title, notice.body]);
    const { riskedPogIds, noticeId, noticeCreatedAt, ...inserted } = result!;
    refuseRiskedInBattle([offer, request], riskedPogIds);
    if (inserted.id == null) throw new ConflictError('You already offered this trade; it is waiting for an answer.');
    const row = inserted as TradeRow;
    notifyStored(uow, { ...notice, link: tradeLink(row.id) }, { id: noticeId!, createdAt: noticeCreatedAt! });
    // Shown from the rows locked above (the insert changed neither player nor POG): no second read.
    const trade = await showLockedTrade(tx, row, players, [offer, request], [], now);
    uow.toUser(trade.toUserId, 'trade:created', trade);
    // The sender's other tabs learn of it too.
    uow.toUser(trade.fromUserId, 'trade:created', trade);
    return trade;
  });
}

export async function answerTrade(db: Db, tradeId: TradeId, actorId: UserId, answer: 'accepted' | 'rejected', now: Date): Promise<Trade> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // The players and POGs of a trade never change (a deleted POG only goes null), so they can be
    // read, then locked in the lock order, before the trade itself.
    const [peek] = await tx
      .select({ fromUserId: trades.fromUserId, toUserId: trades.toUserId, offerPogId: trades.offerPogId, requestPogId: trades.requestPogId })
      .from(trades)
      .where(eq(trades.id, tradeId));
    const players = await lockActor(tx, actorId, 'share', peek ? [peek.fromUserId, peek.toUserId] : []);
    const pogIds = peek ? [peek.offerPogId, peek.requestPogId].filter((id): id is PogId => id !== null) : [];
    const found = answer === 'accepted' ? await lockPogs(tx, pogIds) : new Map<PogId, PogRow>();
    const row = await lockTrade(tx, tradeId);
    tradePolicy.authorize('answer', players.get(actorId)!, row);
    await assertPending(tx, row, now);
    const recipient = players.get(row.toUserId);

    if (answer === 'rejected') {
      const [updated] = await tx.update(trades).set({ status: 'rejected', decidedAt: now }).where(and(eq(trades.id, row.id), eq(trades.status, 'pending'))).returning();
      const rejected = await toTrade(tx, updated!, now);
      await tellSender(uow, rejected, 'trade.rejected');
      return announce(uow, rejected);
    }

    const { offerer, offer, request } = acceptableParts(row, players, found, now);
    // Decided first, so that the swap's look for other pending offers of these POGs does not find this one.
    const [updated] = await tx.update(trades).set({ status: 'accepted', decidedAt: now }).where(eq(trades.id, row.id)).returning();
    const { moved, released } = await swapPogs(uow, [
      { pog: offer, newOwner: row.toUserId, oldOwner: row.fromUserId },
      { pog: request, newOwner: row.fromUserId, oldOwner: row.toUserId },
    ]);
    const from = playerRef(offerer.id, offerer.username);
    const to = playerRef(recipient!.id, recipient!.username);
    await recordHistory(tx, now, [
      { pogId: offer.id, tradeId: row.id, details: { kind: 'traded', from, to, forPog: { id: request.id, name: request.name } } },
      { pogId: request.id, tradeId: row.id, details: { kind: 'traded', from: to, to: from, forPog: { id: offer.id, name: offer.name } } },
    ]);
    await releaseCommitments(uow, { pogIds, exceptTradeId: row.id }, 'traded', released);
    // Shown from the rows held: the players locked above and the POGs as the swap left them.
    const trade = await showLockedTrade(tx, updated!, players, moved, await chainOf(tx, updated!), now);
    await tellSender(uow, trade, 'trade.accepted');
    for (const pog of [trade.offerPog, trade.requestPog]) if (pog) uow.toUser(pog.userId, 'pog:updated', pog);
    // A completed trade counts for both players' trade achievements.
    uow.enqueue('achievements.check', { userIds: [row.fromUserId, row.toUserId] });
    return announce(uow, trade);
  });
}

/**
 * $1: [{ id, new_owner, old_owner, cooldown_until }], $2: the swap's time, $3: the two POGs' ids.
 * Moves each POG to its new holder, only from the holder the trade names and while it has trades
 * left, unless an accepted battle risks one of them (assertNotRiskedInBattle's question, answered
 * here: the POGs are held since the lock, so the answer holds until commit); then nothing moves.
 * Answers the risked POGs' ids, and each POG moved as it is now with what the move released of its
 * commitments (commitments.ts, releasedByMove).
 */
const RELEASED_BY_SWAP = releasedByMove('moved');
const SWAP_POGS: RawStatement = {
  name: 'trades_swap_pogs',
  text: `WITH risked AS (${riskedInBattleQuery('$3::int[]')}), moved AS (
      UPDATE pogs AS p SET user_id = m.new_owner, changed_hands = true, cooldown_until = m.cooldown_until,
        trades_remaining = p.trades_remaining - 1, updated_at = $2
      FROM jsonb_to_recordset($1::jsonb) AS m(id integer, new_owner integer, old_owner integer, cooldown_until timestamptz), risked
      WHERE p.id = ANY($3::int[]) AND p.id = m.id AND p.user_id = m.old_owner AND p.trades_remaining > 0 AND cardinality(risked.ids) = 0
      RETURNING ${selectColumns(pogs, 'p')}
    ), ${RELEASED_BY_SWAP.queries}
    SELECT risked.ids AS "riskedPogIds", moved.*, ${RELEASED_BY_SWAP.columns} FROM risked LEFT JOIN moved ON true`,
};

type SwappedRow = Partial<PogRow> & ReleasedColumns & { riskedPogIds: PogId[] };

/**
 * Swaps the POGs of an accepted trade (its design frozen from then on: docs/rules.md, POGs: who may
 * edit), each with its trade cooldown: the POGs as they are now, and what the swap released of
 * their commitments. Refused, and nothing moved, when a battle risks one or either changed hands.
 */
async function swapPogs(uow: UnitOfWork, moves: Array<{ pog: PogRow; newOwner: UserId; oldOwner: UserId }>): Promise<{ moved: PogRow[]; released: ReleasedByMove }> {
  const ids = moves.map((m) => m.pog.id);
  const rows = await rawQuery<SwappedRow>(uow.tx, SWAP_POGS, [
    JSON.stringify(moves.map((m) => ({ id: m.pog.id, new_owner: m.newOwner, old_owner: m.oldOwner, cooldown_until: new Date(uow.now.getTime() + TRADE_COOLDOWN_MINUTES[m.pog.rarity] * 60_000) }))),
    uow.now,
    ids,
  ]);
  refuseRiskedInBattle(moves.map((m) => m.pog), rows[0]!.riskedPogIds);
  const moved = rows.flatMap(({ riskedPogIds: _risked, pendingTrades: _trades, pendingBattles: _battles, marksReleased: _marks, ...pog }) => (pog.id == null ? [] : [pog as PogRow]));
  // The locks make this impossible; if it ever happens, nothing may move.
  const missed = moves.find((m) => !moved.some((pog) => pog.id === m.pog.id));
  if (missed) throw new ConflictError(`${missed.pog.name} changed while the trade was being accepted. Nothing was moved.`);
  for (const { newOwner, oldOwner } of moves) {
    // One for one: the two changes cancel out, and nobody's count row is touched.
    uow.pogsHeldChanged(newOwner, 1);
    uow.pogsHeldChanged(oldOwner, -1);
  }
  return { moved, released: releasedFrom(rows[0]!) };
}

/** Stores the sender's notice of how their offer ended (common/notifications/answers.ts), linking to the trade. */
async function tellSender(uow: UnitOfWork, trade: Trade, kind: 'trade.accepted' | 'trade.rejected'): Promise<void> {
  const notice = offerAnswerNotice(trade);
  if (notice) await notify(uow, { userId: trade.fromUserId, kind, ...notice });
}

/**
 * The offerer and the two locked POGs of a trade that may be accepted now; refused when the offerer
 * is banned, a POG was deleted or changed hands, or one cannot be traded at the moment.
 */
function acceptableParts(row: TradeRow, players: Map<number, LockedPlayer>, found: Map<number, PogRow>, now: Date): { offerer: LockedPlayer; offer: PogRow; request: PogRow } {
  // A ban cancels the banned player's offers as it commits, so this only guards against a ban
  // recorded some other way: no trade with a banned player completes.
  const offerer = players.get(row.fromUserId);
  if (!offerer || offerer.isBanned) throw new ConflictError('The player who offered this trade is banned, so it can no longer be accepted.');
  const offer = row.offerPogId === null ? undefined : found.get(row.offerPogId);
  const request = row.requestPogId === null ? undefined : found.get(row.requestPogId);
  if (!offer || !request) throw new ConflictError('A POG in this trade was deleted, so it can no longer be accepted.');
  if (offer.userId !== row.fromUserId) throw new ConflictError(`${offer.name} no longer belongs to the player who offered it.`);
  if (request.userId !== row.toUserId) throw new ConflictError(`${request.name} is no longer yours.`);
  const problem = unavailable(offer, 'offer', now) ?? unavailable(request, 'request', now);
  if (problem) throw problem;
  return { offerer, offer, request };
}

export async function cancelTrade(db: Db, tradeId: TradeId, actorId: UserId, now: Date): Promise<Trade> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const sender = (await lockActor(tx, actorId)).get(actorId)!;
    const row = await lockTrade(tx, tradeId);
    tradePolicy.authorize('cancel', sender, row);
    await assertPending(tx, row, now);
    const [updated] = await tx.update(trades).set({ status: 'cancelled', decidedAt: now }).where(and(eq(trades.id, row.id), eq(trades.status, 'pending'))).returning();
    await notify(uow, { userId: row.toUserId, kind: 'trade.cancelled', title: 'Trade offer withdrawn', body: `${sender.username} cancelled their trade offer.`, link: tradeLink(row.id) });
    return announce(uow, await toTrade(tx, updated!, now));
  });
}
