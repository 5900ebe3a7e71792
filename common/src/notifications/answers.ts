/**
 * What the sender of an offer or a challenge is told when it is answered or ends without them:
 * accepted, rejected, countered, expired or voided (cancelled because a POG became unavailable or a
 * player was banned) offers, accepted or declined challenges. One text for the stored notification
 * (the bell) and the toast the web app shows from the live event, so the two always agree.
 */
import type { Battle } from '../battles/api';
import { isReleaseReason, RELEASE_REASON_TEXT } from '../release-reasons';
import type { Trade } from '../trades/api';
import { battleLink, tradeLink } from './links';

export interface AnswerNotice {
  title: string;
  body: string;
  /** The exact trade or battle. */
  link: string;
}

export const ANSWER_TITLE = {
  accepted: 'Trade accepted',
  rejected: 'Trade declined',
  countered: 'Counter-offer',
  expired: 'Trade offer expired',
  voided: 'Trade cancelled',
  challengeAccepted: 'Challenge accepted',
  challengeDeclined: 'Challenge declined',
} as const;

/** How a sent offer ended, from its sender's side; null while pending, or when the sender withdrew it. */
export type OfferOutcome = 'accepted' | 'rejected' | 'countered' | 'expired' | 'voided';

export function offerOutcome(trade: Pick<Trade, 'status' | 'cancelReason'>): OfferOutcome | null {
  switch (trade.status) {
    case 'accepted':
    case 'rejected':
    case 'countered':
    case 'expired':
      return trade.status;
    case 'cancelled':
      // Cancelled with a reason: the system ended it. Without one, its sender withdrew it.
      return isReleaseReason(trade.cancelReason) ? 'voided' : null;
    default:
      return null;
  }
}

/**
 * The sender's notice for an offer that was accepted, rejected, expired or voided (a countered one
 * is told with the counter: `counterNotice`). Null for anything else.
 */
export function offerAnswerNotice(trade: Trade): AnswerNotice | null {
  const to = trade.toUser.username;
  const link = tradeLink(trade.id);
  switch (offerOutcome(trade)) {
    case 'accepted':
      return {
        title: ANSWER_TITLE.accepted,
        body: `${to} accepted: ${trade.requestPog?.name ?? 'their POG'} is yours now, and ${trade.offerPog?.name ?? 'yours'} is theirs.`,
        link,
      };
    case 'rejected':
      return { title: ANSWER_TITLE.rejected, body: `${to} declined your trade offer.`, link };
    case 'expired':
      return { title: ANSWER_TITLE.expired, body: `Your offer to ${to} expired after 7 days without an answer.`, link };
    case 'voided': {
      const why = isReleaseReason(trade.cancelReason) ? RELEASE_REASON_TEXT[trade.cancelReason] : 'one of its POGs is no longer available';
      return { title: ANSWER_TITLE.voided, body: `Your offer to ${to} was cancelled because ${why}.`, link };
    }
    default:
      return null;
  }
}

/** The notice to the sender of the offer a counter-offer replaced; it links to the counter, which waits for their answer. */
export function counterNotice(counter: Trade): AnswerNotice {
  return {
    title: ANSWER_TITLE.countered,
    body: `${counter.fromUser.username} countered your offer: ${counter.offerPog?.name ?? 'a POG'} for your ${counter.requestPog?.name ?? 'POG'}.`,
    link: tradeLink(counter.id),
  };
}

/**
 * The challenger's notice for a challenge that was accepted or declined; null for anything else.
 * It reads only the battle's id, status, defender and defender's POG (a command can tell it before
 * the battle's row is written).
 */
export function challengeAnswerNotice(battle: Pick<Battle, 'id' | 'status'> & { defender: { username: string }; defenderPog: { name: string } | null }): AnswerNotice | null {
  const defender = battle.defender.username;
  const link = battleLink(battle.id);
  if (battle.status === 'accepted') {
    return { title: ANSWER_TITLE.challengeAccepted, body: `${defender} accepted your challenge, risking ${battle.defenderPog?.name ?? 'a POG'}. Flip and battle!`, link };
  }
  if (battle.status === 'declined') return { title: ANSWER_TITLE.challengeDeclined, body: `${defender} declined your battle challenge.`, link };
  return null;
}
