import { beforeEach, describe, expect, it } from 'vitest';
import { makeBattle } from '../battles/testBattle';
import { makeTrade } from '../trades/testTrade';
import { incomingChallenge, incomingTrade, resetIncoming } from './incoming';

describe('toasts for what arrives live', () => {
  beforeEach(resetIncoming);

  it('announces a pending offer to its recipient once, with a link to the Trade Center', () => {
    const trade = makeTrade();
    const toast = incomingTrade(trade, trade.toUserId);
    expect(toast).toEqual({
      title: 'New trade offer',
      description: `${trade.fromUser.username} offers ${trade.offerPog!.name} for your ${trade.requestPog!.name}.`,
      action: { label: 'View offer', to: '/trade' },
    });
    expect(incomingTrade(trade, trade.toUserId)).toBeNull();
    // Not to the sender, and not for an answer.
    expect(incomingTrade({ ...trade, id: 99 }, trade.fromUserId)).toBeNull();
    expect(incomingTrade({ ...trade, id: 100, status: 'accepted' }, trade.toUserId)).toBeNull();
  });

  it('announces a pending challenge to its defender once, with a link to the Battle Arena', () => {
    const battle = makeBattle({ battleType: 'flip' });
    expect(incomingChallenge(battle, battle.defenderId)).toEqual({
      title: 'New battle challenge',
      description: 'alice challenges you to a coin flip (you are Tails), risking Ember.',
      action: { label: 'View challenge', to: '/battle' },
    });
    expect(incomingChallenge(battle, battle.defenderId)).toBeNull();
    expect(incomingChallenge({ ...battle, id: 5 }, battle.challengerId)).toBeNull();
    expect(incomingChallenge(null, battle.defenderId)).toBeNull();
  });
});
