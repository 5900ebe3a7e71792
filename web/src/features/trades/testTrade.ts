/** A complete trade for unit tests; override what the test is about. */
import type { Trade } from '@pog/common';
import type { PlainIds } from '../../testing/plain-ids';
import { makePog } from '../pogs/testPog';

export function makeTrade(overrides: Partial<PlainIds<Trade>> = {}): Trade {
  const trade: PlainIds<Trade> = {
    id: 1,
    fromUserId: 7,
    toUserId: 8,
    offerPogId: 1,
    requestPogId: 2,
    status: 'pending',
    cancelReason: null,
    createdAt: '2024-05-01T12:00:00.000Z',
    expiresAt: '2024-05-08T12:00:00.000Z',
    decidedAt: null,
    timeAgo: 'just now',
    fromUser: { id: 7, username: 'alice', avatarColor: '#6366F1', avatarInitials: 'A' },
    toUser: { id: 8, username: 'bob', avatarColor: '#EC4899', avatarInitials: 'B' },
    offerPog: makePog({ id: 1, userId: 7, name: 'Ember' }),
    requestPog: makePog({ id: 2, userId: 8, username: 'bob', creatorId: 8, creatorUsername: 'bob', name: 'Tide' }),
    counterOfId: null,
    chain: [],
    ...overrides,
  };
  return trade as Trade;
}
