import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asUserId, type Battle } from '@pog/common';
import { useToastStore } from '../../stores/toasts';
import { pendingBattlesKey } from './keys';
import { applyLiveBattle } from './live';
import { useRevealStore } from './reveal';
import { makeBattle, makeCompletedBattle } from './testBattle';

afterEach(() => {
  useRevealStore.setState({ current: null, announced: new Set(), stages: 0 });
  useToastStore.setState({ current: null });
  vi.restoreAllMocks();
});

describe('battle events from the socket', () => {
  it('puts a new challenge into the open list without a reload', () => {
    const client = new QueryClient();
    client.setQueryData(pendingBattlesKey(asUserId(8)), []);
    applyLiveBattle(client, makeBattle(), asUserId(8));
    expect(client.getQueryData<Battle[]>(pendingBattlesKey(asUserId(8)))?.map((b) => b.id)).toEqual([1]);
  });

  it('announces a completion once, even when the same battle arrives twice', () => {
    const client = new QueryClient();
    applyLiveBattle(client, makeCompletedBattle(), asUserId(8));
    expect(useToastStore.getState().current?.title).toBe('Battle Completed!');
    useToastStore.setState({ current: null });
    applyLiveBattle(client, makeCompletedBattle(), asUserId(8));
    expect(useToastStore.getState().current).toBeNull();
  });

  it('drops a malformed payload and reports it', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = new QueryClient();
    applyLiveBattle(client, { id: 1, status: 'exploded' }, asUserId(8));
    expect(spy).toHaveBeenCalled();
    expect(client.getQueryCache().findAll()).toHaveLength(0);
  });
});
