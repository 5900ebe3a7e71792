/**
 * The other side of ./incoming: the player who sent an offer or a challenge is told, with a toast
 * linking to it, when it is accepted, rejected, expired or voided (an offer), or accepted or
 * declined (a challenge); a counter-offer is told as it arrives (incomingTrade). The words are the
 * stored notification's (common/notifications/answers.ts). Each outcome is announced once, whatever
 * the socket replays (./announced).
 */
import { type Battle, challengeAnswerNotice, offerAnswerNotice, offerOutcome, type Trade, type UserId } from '@pog/common';
import { type AlertToast, once } from './announced';

export const ANSWERED_TEXT = {
  tradeAction: 'View trade',
  battleAction: 'View battle',
} as const;

/**
 * Whether the sender's own offered POG is what ended the offer: it moved (they traded it away, or
 * lost it in a battle) or went away (deleted). They did that themselves, or are told of it on its
 * own, so only the bell records the voided offer.
 */
function endedByOwnPog(trade: Trade): boolean {
  if (trade.cancelReason === 'deleted') return trade.offerPog === null;
  if (trade.cancelReason === 'traded' || trade.cancelReason === 'battled') return trade.offerPog !== null && trade.offerPog.userId !== trade.fromUserId;
  return false;
}

/** A `trade:updated` of an offer the viewer sent that was answered or ended: its toast, once; null otherwise. */
export function answeredTrade(payload: unknown, viewerId: UserId): AlertToast | null {
  const trade = payload as Trade | null;
  if (!trade || typeof trade.id !== 'number' || trade.fromUserId !== viewerId || !trade.toUser) return null;
  const outcome = offerOutcome(trade);
  // A counter is told by the counter-offer itself, which arrives next (incomingTrade).
  if (outcome === null || outcome === 'countered' || (outcome === 'voided' && endedByOwnPog(trade))) return null;
  const notice = offerAnswerNotice(trade);
  if (!notice || !once(`trade:${trade.id}:${trade.status}`)) return null;
  return { title: notice.title, description: notice.body, action: { label: ANSWERED_TEXT.tradeAction, to: notice.link }, cue: outcome === 'accepted' ? 'good' : 'bad' };
}

/** A `battle:updated` of a challenge the viewer sent that was accepted or declined: its toast, once; null otherwise. */
export function answeredChallenge(payload: unknown, viewerId: UserId): AlertToast | null {
  const battle = payload as Battle | null;
  if (!battle || typeof battle.id !== 'number' || battle.challengerId !== viewerId || !battle.defender) return null;
  const notice = challengeAnswerNotice(battle);
  if (!notice || !once(`battle:${battle.id}:${battle.status}`)) return null;
  return { title: notice.title, description: notice.body, action: { label: ANSWERED_TEXT.battleAction, to: notice.link }, cue: battle.status === 'accepted' ? 'good' : 'bad' };
}
