import { describe, expect, it } from 'vitest';
import { REVEAL_BUDGET_MS, revealBeats, revealDuration } from './revealTimeline';

describe('the battle reveal script', () => {
  it('counts in 3, 2, 1, lands the challenger’s roll then the defender’s each round, then the verdict', () => {
    const beats = revealBeats(2, false);
    expect(beats.map((b) => (b.kind === 'count' ? `count ${b.n}` : b.kind === 'land' ? `land ${b.round} ${b.side}` : 'verdict'))).toEqual([
      'count 3',
      'count 2',
      'count 1',
      'land 0 challenger',
      'land 0 defender',
      'land 1 challenger',
      'land 1 defender',
      'verdict',
    ]);
    // Each beat comes after the one before it.
    for (let i = 1; i < beats.length; i++) expect(beats[i]!.at).toBeGreaterThan(beats[i - 1]!.at);
  });

  it('lands one toss at a time in a coin flip', () => {
    expect(revealBeats(2, true).filter((b) => b.kind === 'land').map((b) => (b.kind === 'land' ? b.side : 'x'))).toEqual([null, null]);
  });

  it('never keeps anyone waiting more than about 3 s, however many rounds', () => {
    for (const rounds of [1, 2, 3, 5, 12]) {
      for (const flip of [false, true]) expect(revealDuration(revealBeats(rounds, flip))).toBeLessThanOrEqual(REVEAL_BUDGET_MS);
    }
    // A single round still has a build-up worth watching.
    expect(revealDuration(revealBeats(1, false))).toBeGreaterThanOrEqual(1400);
  });
});
