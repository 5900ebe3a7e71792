/** A complete battle for unit tests (alice, id 7, challenges bob, id 8); override what the test is about. */
import type { Battle } from '@pog/common';
import type { PlainIds } from '../../testing/plain-ids';
import { makePog } from '../pogs/testPog';

export function makeBattle(overrides: Partial<PlainIds<Battle>> = {}): Battle {
  const battle: PlainIds<Battle> = {
    id: 1,
    status: 'pending',
    battleType: 'standard',
    challengerId: 7,
    defenderId: 8,
    challengerPogId: 1,
    defenderPogId: null,
    challenger: { id: 7, username: 'alice', avatarColor: '#6366F1', avatarInitials: 'A' },
    defender: { id: 8, username: 'bob', avatarColor: '#EC4899', avatarInitials: 'B' },
    challengerPog: makePog({ id: 1, userId: 7, name: 'Ember' }),
    defenderPog: null,
    challengerRarity: null,
    defenderRarity: null,
    challengerRoll: null,
    defenderRoll: null,
    winnerId: null,
    rounds: null,
    seedHash: 'a'.repeat(64),
    seed: null,
    rollVersion: 2,
    challengerSeed: 'alice-seed',
    defenderSeed: null,
    createdAt: '2024-05-01T12:00:00.000Z',
    acceptedAt: null,
    completedAt: null,
    expiresAt: '2024-05-02T12:00:00.000Z',
    timeAgo: 'just now',
    ...overrides,
  };
  return battle as Battle;
}

/** The same battle after bob accepted with Tide and alice won, 57 to 41; Tide now belongs to alice. */
export function makeCompletedBattle(overrides: Partial<PlainIds<Battle>> = {}): Battle {
  return makeBattle({
    status: 'completed',
    defenderPogId: 2,
    defenderPog: makePog({ id: 2, userId: 7, username: 'alice', creatorId: 8, creatorUsername: 'bob', name: 'Tide' }),
    challengerRarity: 'rare',
    defenderRarity: 'common',
    defenderSeed: 'bob-seed',
    challengerRoll: 57,
    defenderRoll: 41,
    winnerId: 7,
    rounds: [{ round: 1, challengerBase: 55, challengerBonus: 2, defenderBase: 41, defenderBonus: 0 }],
    acceptedAt: '2024-05-01T12:05:00.000Z',
    completedAt: '2024-05-01T12:06:00.000Z',
    ...overrides,
  });
}
