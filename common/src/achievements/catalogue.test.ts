import { describe, expect, it } from 'vitest';
import { creationStreak, newPlayerStats, type UserStats } from '../users/stats';
import { achievementList } from './api';
import { ACHIEVEMENT_TYPES, ACHIEVEMENTS, describeReward, reachedAchievements, rewardsOf } from './catalogue';

const stats = (overrides: Partial<UserStats> = {}): UserStats => ({ ...newPlayerStats(), ...overrides });

describe('achievement catalogue', () => {
  it('has unique ids that the database accepts, a positive target and a reward for each', () => {
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    for (const a of ACHIEVEMENTS) {
      expect(a.id).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(a.targetValue).toBeGreaterThan(0);
      expect(describeReward(a)).not.toBe('');
    }
    expect(new Set(ACHIEVEMENTS.map((a) => a.type))).toEqual(new Set(ACHIEVEMENT_TYPES));
  });

  it('sums the rewards of completed achievements and ignores unknown ids', () => {
    expect(rewardsOf([])).toEqual({ collection: 0, creation: 0, trade: 0 });
    expect(rewardsOf(['collector', 'first-design', 'first-trade', 'retired-one'])).toEqual({ collection: 2, creation: 1, trade: 2 });
  });

  it('measures each type on its own stat', () => {
    const ids = (s: UserStats) => reachedAchievements(s).map((a) => a.id);
    expect(ids(stats())).toEqual([]);
    expect(ids(stats({ pogCount: 5 }))).toEqual(['collector']);
    expect(ids(stats({ creationCount: 10 }))).toEqual(['first-design', 'designer']);
    expect(ids(stats({ tradeCount: 1, battleWins: 1, creationStreak: 3 }))).toEqual(['first-trade', 'first-victory', 'on-a-roll']);
    // Rare Find counts designs that scored rare or better, not creations.
    expect(ids(stats({ rareCreations: 1 }))).toEqual(['rare-find']);
    expect(ids(stats({ creationCount: 3 }))).not.toContain('rare-find');
  });

  it('lists groups in the spec order, each by target value, with progress and completion', () => {
    const list = achievementList(stats({ creationCount: 4, pogCount: 9 }), new Map([['collector', new Date('2030-01-02T03:04:05Z')]]));
    const groups = list.map((a) => a.type);
    expect(groups).toEqual([...groups].sort((x, y) => ACHIEVEMENT_TYPES.indexOf(x) - ACHIEVEMENT_TYPES.indexOf(y)));
    for (const type of ACHIEVEMENT_TYPES) {
      const targets = list.filter((a) => a.type === type).map((a) => a.targetValue);
      expect(targets).toEqual([...targets].sort((x, y) => x - y));
    }
    expect(list.find((a) => a.id === 'collector')).toMatchObject({ completed: true, progress: 100, completedAt: '2030-01-02T03:04:05.000Z' });
    // Reached but not recorded yet: full progress, not completed until the check records it.
    expect(list.find((a) => a.id === 'curator')).toMatchObject({ completed: false, currentValue: 8, progress: 100 });
    expect(list.find((a) => a.id === 'designer')).toMatchObject({ completed: false, currentValue: 4, targetValue: 10, progress: 40 });
  });
});

describe('creationStreak', () => {
  const now = new Date('2030-03-10T15:00:00Z');
  it('counts consecutive UTC days up to today', () => {
    expect(creationStreak(['2030-03-10', '2030-03-09', '2030-03-08', '2030-03-06'], now)).toBe(3);
  });
  it('keeps a streak whose last day is yesterday, and ends one that skipped a day', () => {
    expect(creationStreak(['2030-03-09', '2030-03-08'], now)).toBe(2);
    expect(creationStreak(['2030-03-08', '2030-03-07'], now)).toBe(0);
    expect(creationStreak([], now)).toBe(0);
  });
  it('crosses months and years', () => {
    expect(creationStreak(['2031-01-01', '2030-12-31', '2030-12-30'], new Date('2031-01-01T00:00:01Z'))).toBe(3);
  });
});
