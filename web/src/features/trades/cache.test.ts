import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asUserId, type Pog, type Trade } from '@pog/common';
import { userPogsKey } from '../pogs/keys';
import { makePog } from '../pogs/testPog';
import { applyTradeUpdate, withFinishedTrade, withPendingTrade } from './cache';
import { pendingTradesKey, tradeHistoryKey } from './keys';
import { makeTrade } from './testTrade';

describe('withPendingTrade', () => {
  it('adds a new offer newest first, refreshes a known one, and drops one that is no longer pending', () => {
    const old = makeTrade({ id: 1, createdAt: '2024-05-01T10:00:00.000Z' });
    const fresh = makeTrade({ id: 2, createdAt: '2024-05-01T11:00:00.000Z' });
    expect(withPendingTrade([old], fresh).map((t) => t.id)).toEqual([2, 1]);
    expect(withPendingTrade([old, fresh], { ...fresh, timeAgo: '5m ago' })).toHaveLength(2);
    expect(withPendingTrade([fresh, old], { ...old, status: 'accepted' }).map((t) => t.id)).toEqual([2]);
  });
});

describe('withFinishedTrade', () => {
  it('puts a decided trade first, once, and never a pending one', () => {
    const earlier = makeTrade({ id: 1, status: 'rejected', decidedAt: '2024-05-02T10:00:00.000Z' });
    const later = makeTrade({ id: 2, status: 'accepted', decidedAt: '2024-05-03T10:00:00.000Z' });
    expect(withFinishedTrade([earlier], later).map((t) => t.id)).toEqual([2, 1]);
    expect(withFinishedTrade([later, earlier], later)).toHaveLength(2);
    expect(withFinishedTrade([earlier], makeTrade({ id: 3 }))).toEqual([earlier]);
  });
});

describe('applyTradeUpdate', () => {
  it('moves an accepted trade from pending to history and swaps both POGs between the collections', () => {
    const client = new QueryClient();
    const trade = makeTrade();
    client.setQueryData(pendingTradesKey(asUserId(8)), [trade]);
    client.setQueryData(tradeHistoryKey(asUserId(8)), []);
    client.setQueryData(userPogsKey(asUserId(7)), [trade.offerPog]);
    client.setQueryData(userPogsKey(asUserId(8)), [trade.requestPog]);

    const swappedOffer = makePog({ id: 1, userId: 8, name: 'Ember', onCooldown: true, cooldownHours: 0.03 });
    const swappedRequest = makePog({ id: 2, userId: 7, name: 'Tide', onCooldown: true, cooldownHours: 0.03 });
    const accepted = makeTrade({ status: 'accepted', decidedAt: '2024-05-01T12:05:00.000Z', offerPog: swappedOffer, requestPog: swappedRequest });
    applyTradeUpdate(client, accepted, asUserId(8));

    expect(client.getQueryData<Trade[]>(pendingTradesKey(asUserId(8)))).toEqual([]);
    expect(client.getQueryData<Trade[]>(tradeHistoryKey(asUserId(8)))).toEqual([accepted]);
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(8)))).toEqual([swappedOffer]);
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(7)))).toEqual([swappedRequest]);
  });

  it('ignores a trade the viewer is not part of, and lists not loaded yet', () => {
    const client = new QueryClient();
    client.setQueryData(pendingTradesKey(asUserId(9)), []);
    applyTradeUpdate(client, makeTrade(), asUserId(9));
    expect(client.getQueryData<Trade[]>(pendingTradesKey(asUserId(9)))).toEqual([]);
    applyTradeUpdate(client, makeTrade(), asUserId(8));
    expect(client.getQueryData(pendingTradesKey(asUserId(8)))).toBeUndefined();
  });
});
