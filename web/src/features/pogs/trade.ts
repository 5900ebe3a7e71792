/**
 * What a card's trade action means on each screen: an offer of an own POG or a request for another
 * player's, each also reachable as a Trade Center link that opens the Trade dialog preset.
 */
import { cooldownTitle, type Pog, pogUnavailable, type UserId } from '@pog/common';

export type TradeIntent =
  | { kind: 'offer'; path: string }
  | { kind: 'request'; path: string }
  /** Explore refuses POGs the player holds (product spec: validation, as decisions.md reads it). */
  | { kind: 'own' };

/**
 * "Cannot trade your own pog" is about who holds the POG (decisions.md, Who may trade for what): a
 * creator may ask for a design of theirs back from whoever holds it now.
 */
export function tradeIntent(pog: Pick<Pog, 'id' | 'userId'>, viewerId: UserId, screen: 'collection' | 'explore'): TradeIntent {
  const mine = pog.userId === viewerId;
  if (screen === 'explore' && mine) return { kind: 'own' };
  return mine ? { kind: 'offer', path: `/trade?offer=${pog.id}` } : { kind: 'request', path: `/trade?request=${pog.id}` };
}

/**
 * The ownership badge on a card. It only describes POGs the viewer holds: CREATED for one they
 * designed, COLLECTED for one that came to them by a trade or a battle. Someone else's POG carries
 * no badge (a "COLLECTED" on every stranger's POG in Explore would say nothing true).
 */
export function ownershipBadge(pog: Pick<Pog, 'userId' | 'creatorId'>, viewerId: UserId | null): 'CREATED' | 'COLLECTED' | null {
  if (viewerId === null || pog.userId !== viewerId) return null;
  return pog.creatorId === viewerId ? 'CREATED' : 'COLLECTED';
}

export type TradeBlockReason = 'rejected' | 'exhausted' | 'cooldown';

/** Why a POG cannot be offered or requested right now, with the title its disabled button shows. */
export interface TradeBlock {
  reason: TradeBlockReason;
  title: string;
  /** When a cooldown ends (ms since the epoch), so a screen can enable the POG again on time. */
  until: number | null;
}

export const TRADE_BLOCK_TITLES = {
  rejected: 'This POG was rejected by a moderator and cannot be traded',
  exhausted: 'This POG has no trades left: its trade supply is used up',
} as const;

/** The short visible note beside a blocked POG; the title gives the whole sentence. */
export const TRADE_BLOCK_LABELS: Record<TradeBlockReason, string> = {
  cooldown: 'On cooldown',
  rejected: 'Rejected',
  exhausted: 'No trades left',
};

type TradeablePog = Pick<Pog, 'moderationStatus' | 'tradesRemaining' | 'cooldownUntil' | 'onCooldown' | 'cooldownHours'>;

/**
 * The server's rule (pogUnavailable, in common: a POG on cooldown, rejected, or out of supply cannot
 * be traded) with this screen's words. The cooldown is measured against `now`, so it runs out on
 * screen without a refetch; without an end time the server's own reading is used.
 */
export function tradeBlock(pog: TradeablePog, now: number): TradeBlock | null {
  const refusal = pogUnavailable(pog, 'offer', new Date(now));
  if (!refusal) return null;
  if (refusal.reason === 'cooldown') return { reason: 'cooldown', title: cooldownTitle(refusal.hoursLeft), until: refusal.until?.getTime() ?? null };
  const reason = refusal.reason as Exclude<TradeBlockReason, 'cooldown'>;
  return { reason, title: TRADE_BLOCK_TITLES[reason], until: null };
}
