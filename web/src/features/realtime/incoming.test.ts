import { beforeEach, describe, expect, it } from 'vitest';
import { makeBattle } from '../battles/testBattle';
import { makePog } from '../pogs/testPog';
import { makeTrade } from '../trades/testTrade';
import { resetAnnounced } from './announced';
import { incomingChallenge, incomingTrade } from './incoming';

describe('toasts for what arrives live', () => {
  beforeEach(resetAnnounced);

  it('announces a pending offer to its recipient once, with a link to that trade', () => {
    const trade = makeTrade({ id: 12 });
    const toast = incomingTrade(trade, trade.toUserId);
    expect(toast).toEqual({
      title: 'New trade offer',
      description: `${trade.fromUser.username} offers ${trade.offerPog!.name} for your ${trade.requestPog!.name}.`,
      action: { label: 'View offer', to: '/trade?trade=12' },
      cue: 'news',
    });
    expect(incomingTrade(trade, trade.toUserId)).toBeNull();
    // Not to the sender, and not for an answer.
    expect(incomingTrade({ ...trade, id: 99 }, trade.fromUserId)).toBeNull();
    expect(incomingTrade({ ...trade, id: 100, status: 'accepted' }, trade.toUserId)).toBeNull();
  });

  it("announces a counter-offer as the answer to the viewer's own offer, in the bell's words", () => {
    // bob (8) counters alice's offer: he gives Tide for her Ember.
    const counter = makeTrade({
      id: 13,
      counterOfId: 12,
      fromUserId: 8,
      toUserId: 7,
      fromUser: { id: 8, username: 'bob', avatarColor: '#EC4899', avatarInitials: 'B' },
      toUser: { id: 7, username: 'alice', avatarColor: '#6366F1', avatarInitials: 'A' },
      offerPog: makePog({ id: 2, userId: 8, name: 'Tide' }),
      requestPog: makePog({ id: 1, userId: 7, name: 'Ember' }),
    });
    expect(incomingTrade(counter, counter.toUserId)).toEqual({
      title: 'Counter-offer',
      description: 'bob countered your offer: Tide for your Ember.',
      action: { label: 'View offer', to: '/trade?trade=13' },
      cue: 'news',
    });
    expect(incomingTrade(counter, counter.toUserId)).toBeNull();
  });

  it('announces a pending challenge to its defender once, with a link to that battle', () => {
    const battle = makeBattle({ id: 4, battleType: 'flip' });
    expect(incomingChallenge(battle, battle.defenderId)).toEqual({
      title: 'New battle challenge',
      description: 'alice challenges you to a coin flip (you are Tails), risking Ember.',
      action: { label: 'View challenge', to: '/battle?battle=4' },
      cue: 'news',
    });
    expect(incomingChallenge(battle, battle.defenderId)).toBeNull();
    expect(incomingChallenge({ ...battle, id: 5 }, battle.challengerId)).toBeNull();
    expect(incomingChallenge(null, battle.defenderId)).toBeNull();
  });
});
