import { describe, expect, it } from 'vitest';
import { asUserId } from '@pog/common/schemas/ids';
import { LeaderboardPageCache } from './page-cache';

const page = (userId: number) => ({ entries: [{ rank: 1, userId: asUserId(userId), username: `p${userId}`, avatarColor: '#000000', avatarInitials: 'P', value: 1, wins: 0, battles: 0, lastBattleId: null }], hasMore: false });

describe('LeaderboardPageCache', () => {
  it('keeps a page for its time to live, then reads it again', () => {
    let now = 0;
    const cache = new LeaderboardPageCache(2_000, () => now);
    cache.set('value:all:1', page(1), cache.generation);
    now = 2_000;
    expect(cache.get('value:all:1')?.entries[0]?.userId).toBe(1);
    now = 2_001;
    expect(cache.get('value:all:1')).toBeUndefined();
  });

  it('drops every page at once, and does not keep a page read before the drop', () => {
    const cache = new LeaderboardPageCache(60_000, () => 0);
    cache.set('value:all:1', page(1), cache.generation);
    const before = cache.generation;
    cache.clear();
    expect(cache.get('value:all:1')).toBeUndefined();
    // A read that started before the drop finishes after it: its page may predate the change.
    cache.set('value:all:1', page(2), before);
    expect(cache.get('value:all:1')).toBeUndefined();
    cache.set('value:all:1', page(3), cache.generation);
    expect(cache.get('value:all:1')?.entries[0]?.userId).toBe(3);
  });

  it('keeps nothing with a time to live of 0', () => {
    const cache = new LeaderboardPageCache(0, () => 0);
    cache.set('value:all:1', page(1), cache.generation);
    expect(cache.get('value:all:1')).toBeUndefined();
  });
});
