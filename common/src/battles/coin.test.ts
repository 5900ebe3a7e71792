import { describe, expect, it } from 'vitest';
import { coinFaceOf, describeToss, isCoinFlip, landedFace, landedText, tossFace } from './coin';

describe('the coin rule', () => {
  it('gives the challenger Heads and the defender Tails', () => {
    expect(coinFaceOf('challenger')).toBe('Heads');
    expect(coinFaceOf('defender')).toBe('Tails');
  });

  it('lands a toss on the face of the higher draw, and tosses again on equal draws', () => {
    expect(tossFace({ challengerBase: 71, defenderBase: 12 })).toBe('Heads');
    expect(tossFace({ challengerBase: 3, defenderBase: 99 })).toBe('Tails');
    expect(tossFace({ challengerBase: 50, defenderBase: 50 })).toBeNull();
    expect(describeToss({ round: 1, challengerBase: 50, defenderBase: 50 })).toBe('Toss 1: both draws equal, tossed again');
    expect(describeToss({ round: 2, challengerBase: 10, defenderBase: 50 })).toBe('Toss 2: Tails');
  });

  it('says the winner’s face', () => {
    expect(landedFace('defender')).toBe('Tails');
    expect(landedText('challenger')).toBe('The coin landed Heads.');
  });

  it('knows a flip from a roll battle', () => {
    expect(isCoinFlip({ battleType: 'flip' })).toBe(true);
    expect(isCoinFlip({ battleType: 'standard' })).toBe(false);
  });
});
