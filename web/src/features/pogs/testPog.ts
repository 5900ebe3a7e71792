/** A complete POG for unit tests; override what the test is about. */
import type { Pog } from '@pog/common';
import type { PlainIds } from '../../testing/plain-ids';

export function makePog(overrides: Partial<PlainIds<Pog>> = {}): Pog {
  const pog: PlainIds<Pog> = {
    id: 1,
    userId: 7,
    username: 'alice',
    creatorId: 7,
    creatorUsername: 'alice',
    changedHands: false,
    name: 'Blue',
    textContent: 'BLUE',
    fontFamily: 'Bangers',
    textColor: '#FFFFFF',
    backgroundColor1: '#3B82F6',
    backgroundColor2: '#1E3A8A',
    imageUrl: '',
    imageStyle: 'cover',
    imageHash: null,
    rarity: 'common',
    score: null,
    points: null,
    pointsPending: true,
    harmony: null,
    uniqueness: null,
    complexity: null,
    scoredAt: null,
    maxTrades: 15,
    tradesRemaining: 15,
    cooldownUntil: null,
    onCooldown: false,
    cooldownHours: 0,
    isFlagged: false,
    isApproved: false,
    moderationStatus: 'none',
    moderationNotes: null,
    lastModeratedAt: null,
    flagReason: null,
    reportCount: null,
    hiddenByReports: false,
    createdAt: '2024-05-01T12:00:00.000Z',
    ...overrides,
  };
  return pog as Pog;
}
