/**
 * Something arrived for the player over the socket that they should act on: a trade offer (or a
 * counter-offer to one of theirs) or a battle challenge. Besides the list and the bell, a toast says
 * so, with a link to it (docs/rules.md, Notifications). Each is announced once, whatever the socket
 * replays (./announced).
 */
import { battleLink, type Battle, coinFaceOf, counterNotice, type Trade, tradeLink, type UserId } from '@pog/common';
import { type AlertToast, once } from './announced';

export type IncomingToast = AlertToast;

export const INCOMING_TEXT = {
  offerTitle: 'New trade offer',
  offerAction: 'View offer',
  challengeTitle: 'New battle challenge',
  challengeAction: 'View challenge',
} as const;

/**
 * A pending offer sent to the viewer: the toast for it, once; null for anything else. A counter-offer
 * is its sender's answer to the viewer's own offer, so it says that ('Counter-offer', the stored
 * notification's words).
 */
export function incomingTrade(payload: unknown, viewerId: UserId): IncomingToast | null {
  const trade = payload as Partial<Trade> | null;
  if (!trade || typeof trade.id !== 'number' || trade.toUserId !== viewerId || trade.status !== 'pending') return null;
  if (!once(`trade:${trade.id}`)) return null;
  const action = { label: INCOMING_TEXT.offerAction, to: tradeLink(trade.id) };
  if (typeof trade.counterOfId === 'number' && trade.fromUser) {
    const notice = counterNotice(trade as Trade);
    return { title: notice.title, description: notice.body, action, cue: 'news' };
  }
  const from = trade.fromUser?.username ?? 'A player';
  const offer = trade.offerPog?.name ?? 'a POG';
  const request = trade.requestPog?.name ?? 'one of yours';
  return { title: INCOMING_TEXT.offerTitle, description: `${from} offers ${offer} for your ${request}.`, action, cue: 'news' };
}

const CHALLENGE_KIND: Record<Battle['battleType'], string> = {
  standard: 'a battle',
  championship: 'a championship battle (best of three)',
  flip: `a coin flip (you are ${coinFaceOf('defender')})`,
};

/** A pending challenge to the viewer: the toast for it, once; null for anything else. */
export function incomingChallenge(payload: unknown, viewerId: UserId): IncomingToast | null {
  const battle = payload as Partial<Battle> | null;
  if (!battle || typeof battle.id !== 'number' || battle.defenderId !== viewerId || battle.status !== 'pending') return null;
  if (!once(`battle:${battle.id}`)) return null;
  const from = battle.challenger?.username ?? 'A player';
  const kind = CHALLENGE_KIND[battle.battleType ?? 'standard'];
  const risked = battle.challengerPog?.name ? `, risking ${battle.challengerPog.name}` : '';
  return {
    title: INCOMING_TEXT.challengeTitle,
    description: `${from} challenges you to ${kind}${risked}.`,
    action: { label: INCOMING_TEXT.challengeAction, to: battleLink(battle.id) },
    cue: 'news',
  };
}
