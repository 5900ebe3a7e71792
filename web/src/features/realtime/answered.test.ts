import { beforeEach, describe, expect, it } from 'vitest';
import { makeBattle } from '../battles/testBattle';
import { makePog } from '../pogs/testPog';
import { makeTrade } from '../trades/testTrade';
import { resetAnnounced } from './announced';
import { answeredChallenge, answeredTrade } from './answered';
import { incomingTrade } from './incoming';

// alice (7) sent the offer (her Ember for bob's Tide) and the challenge; bob (8) answers.
const ALICE = makeTrade().fromUserId;
const BOB = makeTrade().toUserId;

describe('toasts for answers to what the player sent', () => {
  beforeEach(resetAnnounced);

  it('tells the sender that the offer was accepted, once, linking to the trade', () => {
    const trade = makeTrade({ id: 21, status: 'accepted' });
    expect(answeredTrade(trade, ALICE)).toEqual({
      title: 'Trade accepted',
      description: 'bob accepted: Tide is yours now, and Ember is theirs.',
      action: { label: 'View trade', to: '/trade?trade=21' },
      cue: 'good',
    });
    // A replay of the same event is not announced again; the recipient is never told by this.
    expect(answeredTrade(trade, ALICE)).toBeNull();
    expect(answeredTrade({ ...trade, id: 22 }, BOB)).toBeNull();
  });

  it('tells the sender of a rejected, expired or voided offer, in the texts of the bell', () => {
    expect(answeredTrade(makeTrade({ id: 31, status: 'rejected' }), ALICE)).toMatchObject({
      title: 'Trade declined',
      description: 'bob declined your trade offer.',
      action: { to: '/trade?trade=31' },
      cue: 'bad',
    });
    expect(answeredTrade(makeTrade({ id: 32, status: 'expired' }), ALICE)).toMatchObject({
      title: 'Trade offer expired',
      description: 'Your offer to bob expired after 7 days without an answer.',
      action: { to: '/trade?trade=32' },
    });
    // bob's Tide went to someone else: alice's offer for it is void.
    const voided = makeTrade({ id: 33, status: 'cancelled', cancelReason: 'traded', requestPog: makePog({ id: 2, userId: 9, name: 'Tide' }) });
    expect(answeredTrade(voided, ALICE)).toMatchObject({
      title: 'Trade cancelled',
      description: 'Your offer to bob was cancelled because one of its POGs was traded away.',
      action: { label: 'View trade', to: '/trade?trade=33' },
    });
    expect(answeredTrade(makeTrade({ id: 34, status: 'cancelled', cancelReason: 'rejected' }), ALICE)).toMatchObject({
      description: 'Your offer to bob was cancelled because one of its POGs was rejected by a moderator.',
    });
  });

  it('stays quiet when nothing was answered: pending, withdrawn by its sender, or ended by their own POG', () => {
    expect(answeredTrade(makeTrade({ id: 41 }), ALICE)).toBeNull();
    expect(answeredTrade(makeTrade({ id: 42, status: 'cancelled', cancelReason: null }), ALICE)).toBeNull();
    // alice traded her Ember away elsewhere, or deleted it: she knows.
    expect(answeredTrade(makeTrade({ id: 43, status: 'cancelled', cancelReason: 'traded', offerPog: makePog({ id: 1, userId: 9, name: 'Ember' }) }), ALICE)).toBeNull();
    expect(answeredTrade(makeTrade({ id: 44, status: 'cancelled', cancelReason: 'deleted', offerPog: null, offerPogId: null }), ALICE)).toBeNull();
    expect(answeredTrade(null, ALICE)).toBeNull();
  });

  it('tells a counter once, with the counter-offer itself, not with the countered offer', () => {
    expect(answeredTrade(makeTrade({ id: 51, status: 'countered' }), ALICE)).toBeNull();
    const counter = makeTrade({
      id: 52,
      counterOfId: 51,
      fromUserId: 8,
      toUserId: 7,
      fromUser: { id: 8, username: 'bob', avatarColor: '#EC4899', avatarInitials: 'B' },
      toUser: { id: 7, username: 'alice', avatarColor: '#6366F1', avatarInitials: 'A' },
      offerPog: makePog({ id: 2, userId: 8, name: 'Tide' }),
      requestPog: makePog({ id: 1, userId: 7, name: 'Ember' }),
    });
    expect(incomingTrade(counter, ALICE)).toMatchObject({ title: 'Counter-offer', action: { to: '/trade?trade=52' } });
  });

  it('announces each outcome of one trade once: a later outcome of the same trade is its own', () => {
    expect(answeredTrade(makeTrade({ id: 61, status: 'rejected' }), ALICE)).not.toBeNull();
    expect(answeredTrade(makeTrade({ id: 61, status: 'rejected' }), ALICE)).toBeNull();
    expect(answeredTrade(makeTrade({ id: 62, status: 'rejected' }), ALICE)).not.toBeNull();
  });

  it('tells the challenger that the challenge was accepted or declined, once, linking to the battle', () => {
    const accepted = makeBattle({ id: 71, status: 'accepted', defenderPogId: 2, defenderPog: makePog({ id: 2, userId: 8, name: 'Tide' }) });
    expect(answeredChallenge(accepted, ALICE)).toEqual({
      title: 'Challenge accepted',
      description: 'bob accepted your challenge, risking Tide. Flip and battle!',
      action: { label: 'View battle', to: '/battle?battle=71' },
      cue: 'good',
    });
    expect(answeredChallenge(accepted, ALICE)).toBeNull();
    expect(answeredChallenge({ ...accepted, id: 72 }, BOB)).toBeNull();
    expect(answeredChallenge(makeBattle({ id: 73, status: 'declined' }), ALICE)).toEqual({
      title: 'Challenge declined',
      description: 'bob declined your battle challenge.',
      action: { label: 'View battle', to: '/battle?battle=73' },
      cue: 'bad',
    });
    // The battle's later life (completed) and other endings are not answers.
    for (const status of ['pending', 'completed', 'cancelled', 'expired'] as const) expect(answeredChallenge(makeBattle({ id: 74, status }), ALICE)).toBeNull();
  });
});
