import { describe, expect, it } from 'vitest';
import { challengePath, challengeProblem, opponentsFor, opponentUnavailable, preselectedOpponent } from './selection';
import { asPogId, asUserId } from '@pog/common';

const players = [
  { id: asUserId(3), username: 'carol' },
  { id: asUserId(7), username: 'alice' },
  { id: asUserId(8), username: 'bob' },
];

describe('the challenge form (product spec: validation)', () => {
  it('lists every other player, never the current user', () => {
    expect(opponentsFor(players, asUserId(7)).map((p) => p.username)).toEqual(['bob', 'carol']);
    expect(opponentsFor([{ id: asUserId(7), username: 'alice' }], asUserId(7))).toEqual([]);
  });

  it('preselects the ?opponent= player only when they are in the list', () => {
    const opponents = opponentsFor(players, asUserId(7));
    expect(preselectedOpponent('8', opponents)).toBe(8);
    expect(preselectedOpponent('7', opponents)).toBeNull();
    expect(preselectedOpponent('99', opponents)).toBeNull();
    expect(preselectedOpponent('8abc', opponents)).toBeNull();
    expect(preselectedOpponent(null, opponents)).toBeNull();
  });

  it('says when ?opponent= names a player who cannot be challenged (not in the list)', () => {
    const opponents = opponentsFor(players, asUserId(7));
    expect(opponentUnavailable('42', opponents, asUserId(7))).toBe(true);
    expect(opponentUnavailable('8', opponents, asUserId(7))).toBe(false);
    expect(opponentUnavailable('7', opponents, asUserId(7))).toBe(false);
    expect(opponentUnavailable('x', opponents, asUserId(7))).toBe(false);
    expect(opponentUnavailable(null, opponents, asUserId(7))).toBe(false);
  });

  it('needs both a POG and an opponent', () => {
    expect(challengeProblem(null, 8)).toBe('Please select both a POG and an opponent.');
    expect(challengeProblem(asPogId(1), null)).toBe('Please select both a POG and an opponent.');
    expect(challengeProblem(asPogId(1), 8)).toBeNull();
  });

  it('links a challenge to the Battle Arena with the opponent preselected', () => {
    expect(challengePath(8)).toBe('/battle?opponent=8');
  });
});
