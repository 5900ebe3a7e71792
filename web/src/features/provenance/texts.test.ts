import { describe, expect, it } from 'vitest';
import { cooldownText, moderationText, rollsText, supplyText } from './texts';

describe('POG page texts', () => {
  it('says what each moderation was and why', () => {
    expect(moderationText({ action: 'approved', cause: 'moderator' })).toBe('Approved by a moderator.');
    expect(moderationText({ action: 'rejected', cause: 'moderator' })).toBe('Rejected by a moderator.');
    expect(moderationText({ action: 'flagged', cause: 'words' })).toContain('words that are not allowed');
    expect(moderationText({ action: 'flagged', cause: 'image' })).toContain('image looks almost the same');
    expect(moderationText({ action: 'flagged', cause: 'report' })).toBe('Flagged for review after a player reported it.');
  });

  it('gives the holder\'s roll first', () => {
    expect(rollsText({ holderRoll: 57, opponentRoll: 43, won: true })).toBe('rolled 57 to 43 and won');
    expect(rollsText({ holderRoll: 12, opponentRoll: 80, won: false })).toBe('rolled 12 to 80 and lost');
  });

  it('counts trades used of the supply', () => {
    expect(supplyText(3, 15)).toBe('3 of 15 trades used');
    expect(supplyText(0, 1)).toBe('0 of 1 trade used');
  });

  it('says how long a cooldown lasts, or that none is running', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(cooldownText({ cooldownUntil: '2030-01-01T00:04:30Z' }, now)).toBe('On cooldown for 5 minutes');
    expect(cooldownText({ cooldownUntil: '2029-12-31T23:00:00Z' }, now)).toBe('Ready to trade');
    expect(cooldownText({ cooldownUntil: null }, now)).toBe('Ready to trade');
  });
});
