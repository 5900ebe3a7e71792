import { describe, expect, it } from 'vitest';
import { asPogId, asUserId, type Match } from '@pog/common';
import { matchPreset } from './MatchesPanel';

const pog = (id: number) => ({ id: asPogId(id), name: `P${id}`, rarity: 'common' as const, points: 100 });
const match = (yours: number | null, theirs: number | null): Match => ({
  userId: asUserId(7),
  username: 'seven',
  avatarColor: '#000000',
  kind: 'both',
  yourPog: yours === null ? null : pog(yours),
  theirPog: theirs === null ? null : pog(theirs),
  balance: null,
});

describe("a match's offer", () => {
  it('opens the Trade dialog with both POGs, or the player when none of theirs is suggested', () => {
    expect(matchPreset(match(1, 2))).toEqual({ offerPogId: 1, request: { pogId: 2, ownerId: 7 } });
    expect(matchPreset(match(1, null))).toEqual({ offerPogId: 1, playerId: 7 });
    expect(matchPreset(match(null, 2))).toEqual({ request: { pogId: 2, ownerId: 7 } });
  });
});
