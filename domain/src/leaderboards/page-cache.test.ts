import { describe, expect, it } from 'vitest';
import { asUserId } from '@pog/common/schemas/ids';
import { LeaderboardPageCache, type CachedPage } from './page-cache';

const page = (userId: number): CachedPage => ({ entries: [{ rank: 1, userId: asUserId(userId), username: `p${userId}`, avatarColor: '#000000', avatarInitials: 'P', value: 1, wins: 0, battles: 0, lastBattleId: null }], hasMore: false });
const first = async (held: CachedPage | Promise<CachedPage> | undefined) => (await held)?.entries[0]?.userId;
const never = () => Promise.reject(new Error('not expected to read'));

/** A read the test ends when it wants. */
function pending() {
  let resolve: (page: CachedPage) => void = () => undefined;
  const read = new Promise<CachedPage>((r) => (resolve = r));
  return { read, resolve };
}

describe('LeaderboardPageCache', () => {
  it('keeps a page for its time to live, serves it past that while one background read replaces it, then reads it again', async () => {
    let now = 0;
    let refreshes = 0;
    const cache = new LeaderboardPageCache(2_000, () => now);
    await cache.share('value:all:1', Promise.resolve(page(1)));
    now = 2_000;
    expect(await first(cache.held('value:all:1', never))).toBe(1);
    now = 2_001;
    const refresh = pending();
    const refreshOnce = () => (refreshes++, refresh.read);
    // Past its time: still served, and read again once however many ask meanwhile.
    expect(await first(cache.held('value:all:1', refreshOnce))).toBe(1);
    expect(await first(cache.held('value:all:1', refreshOnce))).toBe(1);
    expect(refreshes).toBe(1);
    refresh.resolve(page(2));
    await refresh.read;
    await Promise.resolve();
    expect(await first(cache.held('value:all:1', never))).toBe(2);
    // Twice past its time: not served any more.
    now = 2_001 + 4_001;
    expect(cache.held('value:all:1', never)).toBeUndefined();
  });

  it('lets readers of a missing page wait for the one read in progress', async () => {
    const cache = new LeaderboardPageCache(2_000, () => 0);
    const read = pending();
    const shared = cache.share('value:all:1', read.read);
    const waiting = cache.held('value:all:1', never);
    expect(waiting).toBeInstanceOf(Promise);
    read.resolve(page(5));
    expect(await first(waiting)).toBe(5);
    expect(await first(shared)).toBe(5);
    expect(await first(cache.held('value:all:1', never))).toBe(5);
  });

  it('drops every page at once, does not keep a page read before the drop, and lets nobody wait for that read', async () => {
    const cache = new LeaderboardPageCache(60_000, () => 0);
    await cache.share('value:all:1', Promise.resolve(page(1)));
    const before = pending();
    const started = cache.share('value:all:2', before.read);
    cache.clear();
    expect(cache.held('value:all:1', never)).toBeUndefined();
    // A read that started before the drop finishes after it: its page may predate the change.
    expect(cache.held('value:all:2', never)).toBeUndefined();
    before.resolve(page(2));
    await started;
    expect(cache.held('value:all:2', never)).toBeUndefined();
    await cache.share('value:all:1', Promise.resolve(page(3)));
    expect(await first(cache.held('value:all:1', never))).toBe(3);
  });

  it('keeps and shares nothing with a time to live of 0', async () => {
    const cache = new LeaderboardPageCache(0, () => 0);
    const read = pending();
    const shared = cache.share('value:all:1', read.read);
    expect(cache.held('value:all:1', never)).toBeUndefined();
    read.resolve(page(1));
    await shared;
    expect(cache.held('value:all:1', never)).toBeUndefined();
  });

  it('forgets a failed read: the next reader reads again', async () => {
    const cache = new LeaderboardPageCache(2_000, () => 0);
    await expect(cache.share('value:all:1', Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(cache.held('value:all:1', never)).toBeUndefined();
  });
});
