/** What every trade command checks and locks the same way: offers, answers and counter-offers. */
import { eq } from 'drizzle-orm';
import { rewardsOf } from '@pog/common/achievements/catalogue';
import { LIMITS } from '@pog/common/constants';
import { AppError, ConflictError, NotFoundError } from '@pog/common/errors';
import { pogUnavailable, secondsUntil, type AvailabilityFacts } from '@pog/common/pogs/availability';
import { formatWait, startOfUtcDay } from '@pog/common/pogs/creation-limits';
import type { Trade } from '@pog/common/trades/api';
import type { Db, Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { trades, type PogRow, type TradeRow } from '../db/schema';
import { lockPogsQuery } from '../pogs/locks';
import type { UnitOfWork } from '../outbox/unit-of-work';
import { toTrade } from './repository';
import type { PogId, TradeId, UserId } from '@pog/common/schemas/ids';
import { pogsInAcceptedBattles } from '../battles/cancel';
import { assertNotRiskedInBattle } from '../commitments';
import type { LockedPlayer } from '../moderation/player-locks';
import { tradePolicy } from './policy';

export const DAY_MS = 24 * 3600 * 1000;

/** Why a POG cannot be offered or requested right now (pogUnavailable, in common), or null. */
export function unavailable(pog: PogRow, use: 'offer' | 'request', now: Date): AppError | null {
  const refusal = pogUnavailable(pog, use, now);
  if (!refusal) return null;
  switch (refusal.reason) {
    case 'rejected':
      return new ConflictError(`${pog.name} was rejected by a moderator and cannot be traded.`);
    case 'exhausted':
      return new ConflictError(`${pog.name} has no trades left: its trade supply is used up.`);
    default: {
      const wait = secondsUntil(refusal.until!, now);
      return new AppError('COOLDOWN', `${pog.name} is on cooldown for ${formatWait(wait)} more.`, { retryAfterSeconds: wait });
    }
  }
}

/**
 * The offers `$1` sent since `$2` and their completed achievements (whose rewards raise the daily
 * limit), with the POGs `$3` locked `share` (pogs/locks.ts), in one round trip: one row per POG
 * found, or one with null POG columns when none is.
 */
const SENT_TODAY_AND_POGS: RawStatement = {
  name: 'trades_sent_today_pogs',
  text: `SELECT s.*, p.* FROM (
      SELECT (SELECT count(*)::int FROM trades WHERE from_user_id = $1 AND created_at >= $2) AS "sentToday",
        ARRAY(SELECT achievement_id FROM user_achievements WHERE user_id = $1) AS "achievements"
    ) s LEFT JOIN LATERAL (${lockPogsQuery('share', '$3')}) p ON true`,
};

interface SentToday {
  sentToday: number;
  achievements: string[];
}

/** DAILY_LIMIT when the sender already sent as many offers today as their limit allows. */
function assertUnderLimit(sent: SentToday | undefined, now: Date): void {
  const dailyLimit = LIMITS.dailyTradeLimit + rewardsOf(sent?.achievements ?? []).trade;
  if (Number(sent?.sentToday ?? 0) >= dailyLimit) {
    const wait = (startOfUtcDay(now).getTime() + DAY_MS - now.getTime()) / 1000;
    throw new AppError('DAILY_LIMIT', `You've reached your daily limit of ${dailyLimit} trade offers. You can send more in ${formatWait(wait)} (at 00:00 UTC).`, {
      retryAfterSeconds: wait,
    });
  }
}

/** The sender's daily limit of trade offers (counter-offers count as offers). Lock the sender's limits first. */
export async function assertUnderDailyLimit(tx: Tx, senderId: UserId, now: Date): Promise<void> {
  (await lockOfferFacts(tx, senderId, [], now)).underDailyLimit();
}

/**
 * What an offer (or a counter-offer) of `senderId` depends on, read under their limits lock (its
 * statement comes after the one that took it, so it counts every offer committed before): the
 * offers they sent today, checked by `underDailyLimit` when the command comes to it, and its POGs
 * locked `share` (an offer changes neither, and other offers naming them need not wait).
 */
export async function lockOfferFacts(tx: Tx, senderId: UserId, pogIds: PogId[], now: Date): Promise<{ found: Map<PogId, PogRow>; underDailyLimit: () => void }> {
  const rows = await rawQuery<SentToday & Partial<PogRow>>(tx, SENT_TODAY_AND_POGS, [senderId, startOfUtcDay(now), [...new Set(pogIds)]]);
  const found = new Map<PogId, PogRow>();
  for (const { sentToday: _sent, achievements: _achievements, ...pog } of rows) if (pog.id != null) found.set(pog.id, pog as PogRow);
  return { found, underDailyLimit: () => assertUnderLimit(rows[0], now) };
}

export async function lockTrade(tx: Tx, tradeId: TradeId): Promise<TradeRow> {
  const [row] = await tx.select().from(trades).where(eq(trades.id, tradeId)).for('update');
  if (!row) throw new NotFoundError('That trade does not exist.');
  return row;
}

/** 409 with the trade's current state when it is no longer pending. */
export async function assertPending(tx: Tx, row: TradeRow, now: Date): Promise<void> {
  if (row.status === 'pending' && row.expiresAt <= now) {
    await tx.update(trades).set({ status: 'expired', decidedAt: now }).where(eq(trades.id, row.id));
    row = { ...row, status: 'expired', decidedAt: now };
  }
  if (row.status !== 'pending') {
    throw new ConflictError(`This trade is no longer pending: it was ${row.status}.`, { trade: await toTrade(tx, row, now) });
  }
}

/** Both players see the trade as it is now. */
export function announce(uow: UnitOfWork, trade: Trade): Trade {
  uow.toUser(trade.fromUserId, 'trade:updated', trade);
  uow.toUser(trade.toUserId, 'trade:updated', trade);
  return trade;
}


/**
 * The two POGs of an offer from `sender` to `recipient`, as locked in `found`: the offered one the
 * sender's to offer (the policy), the asked one still the recipient's, both free to trade and risked
 * in no battle. Used by a counter-offer; a new offer checks `offerParts` and the battles in its insert.
 */
export async function checkedOfferParts(
  tx: Tx,
  sender: LockedPlayer,
  recipient: LockedPlayer,
  found: Map<PogId, PogRow>,
  parts: { offerPogId: PogId; requestPogId: PogId },
  now: Date,
): Promise<{ offer: PogRow; request: PogRow }> {
  const { offer, request } = offerParts(sender, recipient, found, parts, now);
  await assertNotRiskedInBattle(tx, [offer, request]);
  return { offer, request };
}

/** checkedOfferParts without the battles: what the locked rows alone say. */
export function offerParts(
  sender: LockedPlayer,
  recipient: LockedPlayer,
  found: Map<PogId, PogRow>,
  parts: { offerPogId: PogId; requestPogId: PogId },
  now: Date,
): { offer: PogRow; request: PogRow } {
  const offered = found.get(parts.offerPogId);
  const request = found.get(parts.requestPogId);
  tradePolicy.authorize('offerPog', sender, offered);
  // Offered by the sender, so it exists.
  const offer = offered!;
  // A POG hidden for review by players' reports is out of the sender's sight, as if it were gone.
  if (!request || request.hiddenByReports) throw new NotFoundError('The POG you asked for does not exist any more.');
  if (request.userId !== recipient.id) throw new ConflictError(`${request.name} no longer belongs to ${recipient.username}.`);
  const problem = unavailable(offer, 'offer', now) ?? unavailable(request, 'request', now);
  if (problem) throw problem;
  return { offer, request };
}

/** What `offerableNow` reads of a POG: the facts `pogUnavailable` weighs, and whether reports hide it. */
export type OfferFacts = AvailabilityFacts & { id: PogId; hiddenByReports: boolean };

/**
 * Of these POGs, the ones an offer could name now (`use`: offered by its holder, or requested from
 * them): checkedOfferParts' rule as a filter instead of a refusal (free to trade by pogUnavailable,
 * not hidden by reports when requested, risked in no battle about to be decided), for suggestions
 * that an offer would accept.
 */
export async function offerableNow<T extends OfferFacts>(db: Db | Tx, candidates: ReadonlyArray<{ pog: T; use: 'offer' | 'request' }>, now: Date): Promise<T[]> {
  const free = candidates.filter(({ pog, use }) => pogUnavailable(pog, use, now) === null && !(use === 'request' && pog.hiddenByReports));
  const risked = new Set(free.length === 0 ? [] : await pogsInAcceptedBattles(db, free.map(({ pog }) => pog.id)));
  return free.filter(({ pog }) => !risked.has(pog.id)).map(({ pog }) => pog);
}
