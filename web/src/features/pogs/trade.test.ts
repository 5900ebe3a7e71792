import { describe, expect, it } from 'vitest';
import { ownershipBadge, TRADE_BLOCK_TITLES, tradeBlock, tradeIntent } from './trade';
import { asPogId, asUserId } from '@pog/common';

describe('tradeIntent', () => {
  it('offers an own POG from the collection', () => {
    expect(tradeIntent({ id: asPogId(5), userId: asUserId(1) }, asUserId(1), 'collection')).toEqual({ kind: 'offer', path: '/trade?offer=5' });
  });

  it('requests another player’s POG from Explore', () => {
    expect(tradeIntent({ id: asPogId(6), userId: asUserId(2) }, asUserId(1), 'explore')).toEqual({ kind: 'request', path: '/trade?request=6' });
  });

  it('refuses from Explore a POG the player holds, whoever created it', () => {
    expect(tradeIntent({ id: asPogId(7), userId: asUserId(1) }, asUserId(1), 'explore')).toEqual({ kind: 'own' });
  });

  it('lets a creator ask from Explore for a design of theirs that someone else holds', () => {
    const theirDesignElsewhere = { id: asPogId(8), userId: asUserId(2), creatorId: asUserId(1) };
    expect(tradeIntent(theirDesignElsewhere, asUserId(1), 'explore')).toEqual({ kind: 'request', path: '/trade?request=8' });
  });
});

describe('ownershipBadge', () => {
  it('says CREATED for a POG the viewer made and holds, COLLECTED for one won or traded for', () => {
    expect(ownershipBadge({ userId: asUserId(1), creatorId: asUserId(1) }, asUserId(1))).toBe('CREATED');
    expect(ownershipBadge({ userId: asUserId(1), creatorId: asUserId(2) }, asUserId(1))).toBe('COLLECTED');
  });

  it('shows nothing on POGs the viewer does not hold, or when signed out', () => {
    expect(ownershipBadge({ userId: asUserId(2), creatorId: asUserId(1) }, asUserId(1))).toBeNull();
    expect(ownershipBadge({ userId: asUserId(2), creatorId: asUserId(2) }, null)).toBeNull();
  });
});

describe('tradeBlock', () => {
  const now = Date.parse('2024-05-01T12:00:00.000Z');
  const free = { moderationStatus: 'none', tradesRemaining: 3, cooldownUntil: null, onCooldown: false, cooldownHours: 0 } as const;

  it('lets a free POG trade', () => {
    expect(tradeBlock(free, now)).toBeNull();
  });

  it('says how long a cooldown lasts, in minutes under an hour, and ends it on time', () => {
    const soon = { ...free, cooldownUntil: '2024-05-01T12:02:00.000Z', onCooldown: true, cooldownHours: 2 / 60 };
    expect(tradeBlock(soon, now)).toEqual({ reason: 'cooldown', title: 'This POG is on cooldown for 2 more minutes', until: Date.parse(soon.cooldownUntil) });
    expect(tradeBlock(soon, now + 2 * 60_000)).toBeNull();
    const long = { ...free, cooldownUntil: '2024-05-01T14:30:00.000Z', onCooldown: true, cooldownHours: 2.5 };
    expect(tradeBlock(long, now)?.title).toBe('This POG is on cooldown for 3 more hours');
  });

  it('refuses rejected POGs and POGs out of trade supply, with a title saying why', () => {
    expect(tradeBlock({ ...free, moderationStatus: 'rejected' }, now)?.title).toBe(TRADE_BLOCK_TITLES.rejected);
    expect(tradeBlock({ ...free, tradesRemaining: 0 }, now)?.title).toBe(TRADE_BLOCK_TITLES.exhausted);
  });
});
