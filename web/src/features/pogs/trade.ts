/**
 * What a card's trade action means on each screen. Trading itself is a later feature: for now the
 * action leads to the Trade Center with the POG preselected, as an offer (own) or a request.
 */
import type { Pog } from '@pog/common';

export type TradeIntent =
  | { kind: 'offer'; path: string }
  | { kind: 'request'; path: string }
  /** Explore refuses POGs the player created or holds (spec section 5). */
  | { kind: 'own' };

export function tradeIntent(pog: Pick<Pog, 'id' | 'userId' | 'creatorId'>, viewerId: number, screen: 'collection' | 'explore'): TradeIntent {
  const mine = pog.userId === viewerId;
  if (screen === 'explore' && (mine || pog.creatorId === viewerId)) return { kind: 'own' };
  return mine ? { kind: 'offer', path: `/trade?offer=${pog.id}` } : { kind: 'request', path: `/trade?request=${pog.id}` };
}

/**
 * The ownership badge on a card. It only describes POGs the viewer holds: CREATED for one they
 * designed, COLLECTED for one that came to them by a trade or a battle. Someone else's POG carries
 * no badge (a "COLLECTED" on every stranger's POG in Explore would say nothing true).
 */
export function ownershipBadge(pog: Pick<Pog, 'userId' | 'creatorId'>, viewerId: number | null): 'CREATED' | 'COLLECTED' | null {
  if (viewerId === null || pog.userId !== viewerId) return null;
  return pog.creatorId === viewerId ? 'CREATED' : 'COLLECTED';
}
