import { describe, expect, it } from 'vitest';
import { newPlayerStats } from '@pog/common';
import { ALLOWANCE_TEXT, allowanceFrom, cooldownSecondsLeft } from './allowance';

describe('the studio’s creation allowance', () => {
  it('counts creations left today and slots used from the player’s own limits', () => {
    const stats = { ...newPlayerStats(), pogCount: 6, collectionLimit: 8, dailyCreationCount: 2, dailyCreationLimit: 7 };
    const allowance = allowanceFrom(stats, 1_000);
    expect(allowance).toMatchObject({ creationsLeft: 5, dailyLimit: 7, slotsUsed: 6, slotsTotal: 8, cooldownEndsAt: null });
    expect(ALLOWANCE_TEXT.slotsUsed(allowance.slotsUsed, allowance.slotsTotal)).toBe('Collection slots used: 6 of 8');
    expect(ALLOWANCE_TEXT.creationsLeft(allowance.creationsLeft, allowance.dailyLimit)).toBe('Creations left today: 5 of 7');
    expect(allowanceFrom({ ...stats, dailyCreationCount: 9 }, 0).creationsLeft).toBe(0);
  });

  it('counts the cooldown down from when the stats were read', () => {
    const allowance = allowanceFrom({ ...newPlayerStats(), creationCooldownSeconds: 42 }, 10_000);
    expect(cooldownSecondsLeft(allowance, 10_000)).toBe(42);
    expect(cooldownSecondsLeft(allowance, 30_500)).toBe(22);
    expect(cooldownSecondsLeft(allowance, 52_000)).toBe(0);
    expect(cooldownSecondsLeft(allowance, 99_000)).toBe(0);
    expect(ALLOWANCE_TEXT.saveCountdown(22)).toBe('Save Pog (22s)');
  });
});
