import { describe, expect, it } from 'vitest';
import { rarityAnimation } from './rarityAnimation';

describe('rarityAnimation', () => {
  it('shimmers every 15, 10, 7 and 5 seconds for 2 seconds', () => {
    expect(rarityAnimation('uncommon')).toEqual({ periodSeconds: 15, activeUntilPercent: 13.33 });
    expect(rarityAnimation('rare')).toEqual({ periodSeconds: 10, activeUntilPercent: 20 });
    expect(rarityAnimation('epic')).toEqual({ periodSeconds: 7, activeUntilPercent: 28.57 });
    expect(rarityAnimation('legendary')).toEqual({ periodSeconds: 5, activeUntilPercent: 40 });
  });

  it('leaves common POGs still', () => {
    expect(rarityAnimation('common')).toBeNull();
  });
});
