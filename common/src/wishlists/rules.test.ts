import { describe, expect, it } from 'vitest';
import { closestInPoints, compareMatches, type Rankable } from './rules';

describe('the order of matches', () => {
  it('puts two-way matches first, then the smallest points gap, a match with nothing to pair last, then the id', () => {
    const rows: Rankable[] = [
      { userId: 1, kind: 'theyHave', balance: 0 },
      { userId: 2, kind: 'both', balance: 50 },
      { userId: 3, kind: 'theyWant', balance: null },
      { userId: 4, kind: 'both', balance: 5 },
      { userId: 5, kind: 'theyWant', balance: 0 },
      { userId: 6, kind: 'theyHave', balance: null },
    ];
    expect([...rows].sort(compareMatches).map((r) => r.userId)).toEqual([4, 2, 1, 5, 3, 6]);
  });

  it('pairs a POG with the closest in points', () => {
    const candidates = [{ id: 'a', points: 10 }, { id: 'b', points: 95 }, { id: 'c', points: 105 }];
    expect(closestInPoints({ points: 100 }, candidates)?.id).toBe('b');
    expect(closestInPoints({ points: 100 }, [])).toBeNull();
  });
});
