import { describe, expect, it } from 'vitest';
import { formatFigure, formatRecord } from './format';

describe('leaderboard figures', () => {
  it('reads a win rate as a percentage and every other figure as a grouped number', () => {
    expect(formatFigure('winRate', { value: 0.6667 })).toBe('66.7%');
    expect(formatFigure('value', { value: 1234567 })).toBe('1,234,567');
    expect(formatRecord({ wins: 3, battles: 5 })).toBe('3 of 5');
  });
});
