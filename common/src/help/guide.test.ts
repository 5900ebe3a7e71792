import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, describeReward } from '../achievements/catalogue';
import { BATTLE_BONUS, BATTLE_ROLL, EXPIRY, LIMITS, TRADE_COOLDOWN_MINUTES, TRADE_SUPPLY } from '../constants';
import { WIN_RATE_MIN_BATTLES } from '../leaderboards/api';
import { GAME_GUIDE, gameGuide, guideText, plainText, POGBOT_GUIDE, pogbotGuide } from './guide';

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
  it('adds every achievement with its reward, and what came after the spec, to the four topics', () => {
    expect(POGBOT_GUIDE.map((topic) => topic.title)).toEqual(['Basics', 'Creation', 'Trading', 'Battles', 'Achievements', 'More to explore']);
    const text = guideText(POGBOT_GUIDE);
    for (const a of ACHIEVEMENTS) expect(text).toContain(`${a.name}: ${a.description} Reward: ${describeReward(a)}.`);
  });

  it('explains counter-offers, leaderboards, POG pages, Mark all read, and the collection sort and slots counter (docs/rules.md)', () => {
    const text = guideText(POGBOT_GUIDE);
    // Counter-offers: who may counter, what changes, what happens to the offer, the rules checked again, the chain.
    expect(text).toContain('When you receive a trade offer you can Counter it');
    expect(text).toContain('at least one must change');
    expect(text).toContain('ends as Countered');
    expect(text).toContain('accept it, reject it or counter again');
    expect(text).toContain('counts as one of your offers for the day');
    expect(text).toMatch(/Trade Center shows which round a counter is and the earlier offers/);
    // Leaderboards: the five boards, the win-rate minimum, the UTC week, ties, own rank, live.
    for (const board of ['Collection value:', 'Wins:', 'Win rate:', 'Trades:', 'Designers:']) expect(text).toContain(board);
    expect(text).toContain(`at least ${WIN_RATE_MIN_BATTLES} battles in the period`);
    expect(text).toContain('The week is the UTC week, from Monday at midnight UTC');
    expect(text).toContain('older account first');
    expect(text).toContain('your own rank even when you are not on the page shown');
    expect(text).toContain('update live as battles and trades complete');
    // The weekly arena: points, the double, the per-pair cap, where the board is, the badge.
    expect(text).toContain('Each UTC week (Monday 00:00 UTC to the next Monday) is an arena');
    expect(text).toContain('2 points for a win and 0 for a loss');
    expect(text).toContain('3rd win in a row in the arena, and each win after it, scores double (4)');
    expect(text).toContain('at most 3 times per UTC day');
    expect(text).toContain('Arena winner, week of ...');
    // Public battle pages: anyone may watch, live, and verify afterwards.
    expect(text).toContain('Every battle has a public page that anyone can open, signed in or not');
    expect(text).toContain('everyone on the page watches the reveal live');
    // Have and Want: the two marks, the Matches tab and its order, the one-click offer, what is never suggested, live.
    expect(text).toContain('Mark any other player\'s POG as Want');
    expect(text).toContain('your own as Up for trade');
    expect(text).toContain('both ways before one way, then the most even pair by points');
    expect(text).toContain('Offer trade opens the Trade dialog with both already chosen');
    expect(text).toContain('none on cooldown, out of trade supply, risked in an accepted battle or hidden by reports');
    expect(text).toContain('Matches update live');
    expect(text).toContain('Watch beside a player on the Leaderboard or the Weekly arena');
    // POG pages: public, shareable, the history's kinds of entries.
    expect(text).toContain('Every POG has a page of its own that anyone can open and share');
    for (const entry of ['each trade (with whom and for which POG)', 'each battle (the opponent, both rolls and the result, with a link to verify it)', 'the moderation its owner was told of']) {
      expect(text).toContain(entry);
    }
    // The bell and the collection.
    expect(text).toContain('Mark all read in its header marks every unread one');
    expect(text).toContain(`how many POGs you hold out of your collection limit (${LIMITS.collectionLimit} for you)`);
    expect(text).toContain('Sort the collection by Newest (the default), Rarity (rarest first, then most points), Points (most first) or Name.');
    // The help dialog keeps the spec's four tabs, without these.
    expect(guideText(GAME_GUIDE)).not.toMatch(/Counter|Leaderboard|Mark all read/);
  });

  it('quotes the player’s own collection limit in the slots counter', () => {
    expect(guideText(pogbotGuide({ collectionLimit: 9, dailyCreationLimit: 5, dailyTradeLimit: 10 }))).toContain('out of your collection limit (9 for you)');
  });
});
