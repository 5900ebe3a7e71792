import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marksKey, matchesKey, matchesRefresher } from './queries';

describe('matchesRefresher', () => {
  let reads: string[];
  let changed: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    reads = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      reads.push(JSON.stringify(filters?.queryKey));
    });
    changed = matchesRefresher(queryClient, 2_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const matchReads = () => reads.filter((key) => key === JSON.stringify(matchesKey())).length;

  it('reads the matches and the marks again at once on a change', () => {
    changed();
    expect(reads).toEqual([JSON.stringify(matchesKey()), JSON.stringify(marksKey())]);
  });

  it('reads a burst of changes once at once and once at the end of the window, then waits for the next change', () => {
    for (let n = 0; n < 50; n++) changed();
    expect(matchReads()).toBe(1);
    vi.advanceTimersByTime(1_999);
    expect(matchReads()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(matchReads()).toBe(2);
    vi.advanceTimersByTime(10_000);
    expect(matchReads()).toBe(2);
    changed();
    expect(matchReads()).toBe(3);
  });

  it('reads changes that keep coming once a window', () => {
    for (let second = 0; second < 10; second++) {
      for (let n = 0; n < 20; n++) changed();
      vi.advanceTimersByTime(1_000);
    }
    vi.advanceTimersByTime(2_000);
    // Ten seconds of changes: one read at once, then one at the end of each 2 s window.
    expect(matchReads()).toBe(6);
  });
});
