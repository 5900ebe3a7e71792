import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '@pog/common';
import { asUserId } from '@pog/common/schemas/ids';
import { createMemoryRateLimits } from '../auth/rate-limit';
import { createSearchLimits, searchClient } from './search-limits';

/** A search that takes no time. */
const quick = async () => 'page';

/** Searches `count` times, `everyMs` apart (on the fake clock): how many were refused, and the Retry-After of the first refusal. */
async function searchEvery(limits: ReturnType<typeof createSearchLimits>, client: string, count: number, everyMs: number) {
  let refusedCount = 0;
  let retryAfter: number | undefined;
  for (let n = 0; n < count; n++) {
    try {
      await limits.run(client, quick);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      refusedCount += 1;
      retryAfter ??= Number(error.headers?.['Retry-After']);
    }
    await vi.advanceTimersByTimeAsync(everyMs);
  }
  return { refused: refusedCount, retryAfter };
}

describe('search limits: a looping client is refused, a person typing never', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never refuses a person typing a search every 300 ms for a minute', async () => {
    const limits = createSearchLimits(createMemoryRateLimits());
    expect(await searchEvery(limits, 'ip:1', 200, 300)).toEqual({ refused: 0, retryAfter: undefined });
  });

  it('never refuses a burst of keystrokes 80 ms apart after a pause, again and again', async () => {
    const limits = createSearchLimits(createMemoryRateLimits());
    for (let word = 0; word < 10; word++) {
      expect((await searchEvery(limits, 'ip:1', 8, 80)).refused, `word ${word}`).toBe(0);
      await vi.advanceTimersByTimeAsync(3_000);
    }
  });

  it('refuses a client looping on search with a Retry-After, and lets about 5 a second through', async () => {
    const limits = createSearchLimits(createMemoryRateLimits());
    // Back to back (every 10 ms) for 20 s: 2,000 tries.
    const { refused, retryAfter } = await searchEvery(limits, 'ip:9', 2_000, 10);
    expect(retryAfter).toBe(1);
    const served = 2_000 - refused;
    // 4 a second and 8 every 5 s: 80 + 32 + the windows cut by the start.
    expect(served).toBeGreaterThanOrEqual(100);
    expect(served).toBeLessThanOrEqual(125);
  });

  it("does not refuse another client while one loops, nor the same player's search from elsewhere once it stops", async () => {
    const limits = createSearchLimits(createMemoryRateLimits());
    expect((await searchEvery(limits, 'user:1', 50, 10)).refused).toBeGreaterThan(30);
    expect((await searchEvery(limits, 'user:2', 20, 300)).refused).toBe(0);
    expect((await searchEvery(limits, 'user:1', 20, 300)).refused).toBe(0);
  });
});

describe('search limits: a few searches at once', () => {
  /** A search that ends when `end()` is called. */
  function held() {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const started = vi.fn();
    return { started, end, search: async () => (started(), await done, 'page') };
  }

  it('runs at most `slots` searches at once, the next ones in turn, and refuses beyond the queue with Retry-After: 1', async () => {
    const limits = createSearchLimits(createMemoryRateLimits(), { slots: 2, queued: 1 });
    const [a, b, c, d] = [held(), held(), held(), held()];
    // Each from a client of its own: the per-client limits are not reached.
    const results = [a, b, c].map((s, i) => limits.run(`ip:${i}`, s.search));
    await vi.waitFor(() => expect(b.started).toHaveBeenCalled());
    await new Promise((resolve) => setImmediate(resolve));
    expect([a, b, c].map((s) => s.started.mock.calls.length)).toEqual([1, 1, 0]);
    const refusal = await limits.run('ip:3', d.search).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).headers).toEqual({ 'Retry-After': '1' });
    expect(d.started).not.toHaveBeenCalled();
    a.end();
    await results[0];
    await vi.waitFor(() => expect(c.started).toHaveBeenCalled());
    b.end();
    c.end();
    expect(await Promise.all(results)).toEqual(['page', 'page', 'page']);
    // All slots free again: two run at once.
    const [e, f] = [held(), held()];
    const more = [limits.run('ip:5', e.search), limits.run('ip:6', f.search)];
    await vi.waitFor(() => expect(f.started).toHaveBeenCalled());
    e.end();
    f.end();
    await Promise.all(more);
  });

  it('frees the slot of a search that failed', async () => {
    const limits = createSearchLimits(createMemoryRateLimits(), { slots: 1, queued: 0 });
    await expect(limits.run('ip:1', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await limits.run('ip:2', quick)).toBe('page');
  });

  it("counts a signed-in player's searches by the player and a visitor's by the address", () => {
    expect(searchClient(asUserId(7), '10.0.0.1')).toBe('user:7');
    expect(searchClient(undefined, '10.0.0.1')).toBe('ip:10.0.0.1');
    // An IPv6 client's whole /64 is one client: it could take a new address for every search.
    expect(searchClient(undefined, '2001:db8:5:6::1')).toBe(searchClient(undefined, '2001:db8:5:6:a:b:c:d'));
    expect(searchClient(undefined, '2001:db8:5:6::1')).not.toBe(searchClient(undefined, '2001:db8:5:7::1'));
  });
});
