import { describe, expect, it } from 'vitest';
import { describeRound, roundView } from './rounds';
import { makeBattle } from './testBattle';

describe('rounds as listed', () => {
  it('totals each side, names who took the round, and calls a tie a tie', () => {
    const battle = makeBattle();
    const won = roundView({ round: 1, challengerBase: 55, challengerBonus: 2, defenderBase: 41, defenderBonus: 0 });
    expect(won).toMatchObject({ challengerTotal: 57, defenderTotal: 41, winner: 'challenger' });
    expect(describeRound(won, battle)).toBe('Round 1: alice 57 (55 + 2), bob 41: alice takes it');
    const tie = roundView({ round: 2, challengerBase: 40, challengerBonus: 1, defenderBase: 41, defenderBonus: 0 });
    expect(tie.winner).toBeNull();
    expect(describeRound(tie, battle)).toBe('Round 2: alice 41 (40 + 1), bob 41: a tie, rolled again');
  });
});

describe('tosses of a coin flip', () => {
  it('reads each toss as Heads (challenger) or Tails, never as rolls', () => {
    const flip = makeBattle({ battleType: 'flip' });
    expect(describeRound(roundView({ round: 1, challengerBase: 30, challengerBonus: 0, defenderBase: 30, defenderBonus: 0 }), flip)).toBe('Toss 1: both draws equal, tossed again');
    expect(describeRound(roundView({ round: 2, challengerBase: 90, challengerBonus: 0, defenderBase: 30, defenderBonus: 0 }), flip)).toBe('Toss 2: Heads');
    expect(describeRound(roundView({ round: 3, challengerBase: 9, challengerBonus: 0, defenderBase: 30, defenderBonus: 0 }), flip)).toBe('Toss 3: Tails');
  });
});
