import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, describeReward } from '../achievements/catalogue';
import { BATTLE_BONUS, BATTLE_ROLL, EXPIRY, LIMITS, TRADE_COOLDOWN_MINUTES, TRADE_SUPPLY } from '../constants';
import { GAME_GUIDE, gameGuide, guideText, plainText, POGBOT_GUIDE } from './guide';

describe('the game guide', () => {
  it('has the four tabs of the help dialog', () => {
    expect(GAME_GUIDE.map((topic) => topic.title)).toEqual(['Basics', 'Creation', 'Trading', 'Battles']);
  });

  it('quotes only numbers that are game constants', () => {
    const allowed = new Set(
      [
        ...Object.values(LIMITS),
        ...Object.values(TRADE_SUPPLY),
        ...Object.values(TRADE_COOLDOWN_MINUTES),
        ...Object.values(BATTLE_BONUS),
        ...Object.values(EXPIRY),
        BATTLE_ROLL.min,
        BATTLE_ROLL.max,
      ].map(String),
    );
    // Step numbers of the how-to lists are not game rules.
    const text = guideText().replace(/^\d+\. /gm, '');
    const numbers = text.match(/\d+/g) ?? [];
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.filter((n) => !allowed.has(n))).toEqual([]);
  });

  it('states the limits the server enforces', () => {
    const text = guideText();
    expect(text).toContain(`You can hold ${LIMITS.collectionLimit} POGs at a time`);
    expect(text).toContain(`up to ${LIMITS.dailyCreationLimit} POGs per day`);
    expect(text).toContain(`Trade supply by rarity: common ${TRADE_SUPPLY.common}, uncommon ${TRADE_SUPPLY.uncommon}`);
    expect(text).toContain(`from ${BATTLE_ROLL.min} to ${BATTLE_ROLL.max}`);
    expect(text).not.toContain('**');
  });

  it('quotes a signed-in player’s own limits, saying the achievements raised them', () => {
    const text = guideText(gameGuide({ collectionLimit: 8, dailyCreationLimit: 7, dailyTradeLimit: 12 }));
    expect(text).toContain('You can hold 8 POGs at a time');
    expect(text).toContain('up to 7 POGs per day');
    expect(text).toContain(`Your achievements raised these from the base of ${LIMITS.collectionLimit} POGs and ${LIMITS.dailyCreationLimit} a day.`);
    expect(text).toContain(`up to 12 offers per day (the base is ${LIMITS.dailyTradeLimit}; your achievements raised it)`);
    // The base limits say nothing of raises.
    expect(guideText(gameGuide(LIMITS))).not.toContain('raised');
  });

  it('drops the strong marks for plain text', () => {
    expect(plainText('You can hold **6 POGs** at a **time**.')).toBe('You can hold 6 POGs at a time.');
  });
});

describe("PogBot's guide", () => {
  it('adds every achievement with its reward to the four topics', () => {
    expect(POGBOT_GUIDE.map((topic) => topic.title)).toEqual(['Basics', 'Creation', 'Trading', 'Battles', 'Achievements']);
    const text = guideText(POGBOT_GUIDE);
    for (const a of ACHIEVEMENTS) expect(text).toContain(`${a.name}: ${a.description} Reward: ${describeReward(a)}.`);
  });
});
