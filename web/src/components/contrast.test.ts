import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_COLOR, avatarColorFor } from '@pog/common';
import { contrastRatio, inkOn, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // White on the old Flagged badge red, as axe measured it.
    expect(contrastRatio('#ffffff', '#ef4444')).toBeCloseTo(3.76, 2);
    expect(relativeLuminance('not a colour')).toBeNull();
  });

  it('gives every avatar colour initials at 4.5:1 or more', () => {
    const colours = new Set([DEFAULT_AVATAR_COLOR]);
    for (let i = 0; i < 500; i += 1) colours.add(avatarColorFor(`player${i}`));
    expect(colours.size).toBeGreaterThan(4);
    for (const colour of colours) expect(contrastRatio(inkOn(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('gives any colour at all an ink at 4.5:1 or more', () => {
    for (let value = 0; value < 0x1000000; value += 0x010307) {
      const colour = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(inkOn(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
