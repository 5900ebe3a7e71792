import { describe, expect, it } from 'vitest';
import { creatorLevelPercent } from './creatorLevel';

describe('creatorLevelPercent', () => {
  it('is creations divided by 20, in whole percent, capped at 100', () => {
    expect([0, 1, 7, 19, 20, 45].map(creatorLevelPercent)).toEqual([0, 5, 35, 95, 100, 100]);
  });
});
