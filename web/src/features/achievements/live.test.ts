import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { achievementsKey, statsKey } from './keys';
import { refreshStatsOn } from './live';
import { asUserId } from '@pog/common';

describe('refreshStatsOn', () => {
  const setup = () => {
    const client = new QueryClient();
    client.setQueryData(statsKey(asUserId(7)), { pogCount: 1 });
    client.setQueryData(achievementsKey(asUserId(7)), []);
    return client;
  };
  const stale = (client: QueryClient) => [client.getQueryState(statsKey(asUserId(7)))?.isInvalidated, client.getQueryState(achievementsKey(asUserId(7)))?.isInvalidated];

  it('marks the player\'s stats and achievements stale when an achievement completes or a trade or battle ends', () => {
    for (const kind of ['achievement.completed', 'trade.accepted', 'battle.completed'] as const) {
      const client = setup();
      refreshStatsOn(client, { kind, userId: asUserId(7) });
      expect(stale(client)).toEqual([true, true]);
    }
  });

  it('leaves them alone for other notifications and other players', () => {
    const client = setup();
    refreshStatsOn(client, { kind: 'trade.offered', userId: asUserId(7) });
    refreshStatsOn(client, { kind: 'achievement.completed', userId: asUserId(8) });
    expect(stale(client)).toEqual([false, false]);
  });
});
