import { describe, expect, it } from 'vitest';
import { ownershipBadge, tradeIntent } from './trade';

describe('tradeIntent', () => {
  it('offers an own POG from the collection', () => {
    expect(tradeIntent({ id: 5, userId: 1, creatorId: 1 }, 1, 'collection')).toEqual({ kind: 'offer', path: '/trade?offer=5' });
  });

  it('requests another player’s POG from Explore', () => {
    expect(tradeIntent({ id: 6, userId: 2, creatorId: 2 }, 1, 'explore')).toEqual({ kind: 'request', path: '/trade?request=6' });
  });

  it('refuses from Explore a POG the player holds or created', () => {
    expect(tradeIntent({ id: 7, userId: 1, creatorId: 1 }, 1, 'explore')).toEqual({ kind: 'own' });
    expect(tradeIntent({ id: 8, userId: 2, creatorId: 1 }, 1, 'explore')).toEqual({ kind: 'own' });
  });
});

describe('ownershipBadge', () => {
  it('says CREATED for a POG the viewer made and holds, COLLECTED for one won or traded for', () => {
    expect(ownershipBadge({ userId: 1, creatorId: 1 }, 1)).toBe('CREATED');
    expect(ownershipBadge({ userId: 1, creatorId: 2 }, 1)).toBe('COLLECTED');
  });

  it('shows nothing on POGs the viewer does not hold, or when signed out', () => {
    expect(ownershipBadge({ userId: 2, creatorId: 1 }, 1)).toBeNull();
    expect(ownershipBadge({ userId: 2, creatorId: 2 }, null)).toBeNull();
  });
});
