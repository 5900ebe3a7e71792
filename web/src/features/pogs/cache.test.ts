import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asPogId, asUserId, type Pog } from '@pog/common';
import type { PogPage } from './api';
import { applyPogUpdate, removePogFromCache } from './cache';
import { pogKey, pogListKey, userPogsKey, type PogFilters } from './keys';
import { makePog } from './testPog';

const FILTERS: PogFilters = { search: '', rarity: '', creator: '', sort: 'recent' };

function pages(...lists: Pog[][]): InfiniteData<PogPage, string | null> {
  return { pages: lists.map((pogs) => ({ pogs, nextCursor: null })), pageParams: lists.map(() => null) };
}

describe('applyPogUpdate', () => {
  it('puts the scored POG into the owner list, the single-POG entry and browsing pages', () => {
    const client = new QueryClient();
    const pending = makePog({ id: 1 });
    const other = makePog({ id: 2, name: 'Other' });
    client.setQueryData(userPogsKey(asUserId(7)), [pending, other]);
    client.setQueryData(pogListKey(FILTERS), pages([other], [pending]));

    const scored = makePog({ id: 1, rarity: 'epic', points: 1320, pointsPending: false });
    applyPogUpdate(client, scored);

    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(7)))).toEqual([scored, other]);
    expect(client.getQueryData(pogKey(asPogId(1)))).toEqual(scored);
    expect(client.getQueryData<InfiniteData<PogPage>>(pogListKey(FILTERS))?.pages[1]?.pogs).toEqual([scored]);
  });

  it('adds a new POG to its owner list only, and moves a POG that changed hands', () => {
    const client = new QueryClient();
    const mine = makePog({ id: 3, userId: 7 });
    client.setQueryData(userPogsKey(asUserId(7)), [mine]);
    client.setQueryData(userPogsKey(asUserId(8)), []);

    const created = makePog({ id: 4, userId: 7 });
    applyPogUpdate(client, created);
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(7)))?.map((p) => p.id)).toEqual([4, 3]);
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(8)))).toEqual([]);

    applyPogUpdate(client, { ...mine, userId: asUserId(8) });
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(7)))?.map((p) => p.id)).toEqual([4]);
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(8)))?.map((p) => p.id)).toEqual([3]);
  });

  it('never inserts into a browsing list, and drops a rejected POG from it', () => {
    const client = new QueryClient();
    const shown = makePog({ id: 5 });
    client.setQueryData(pogListKey(FILTERS), pages([shown]));
    applyPogUpdate(client, makePog({ id: 6 }));
    expect(client.getQueryData<InfiniteData<PogPage>>(pogListKey(FILTERS))?.pages[0]?.pogs.map((p) => p.id)).toEqual([5]);

    applyPogUpdate(client, { ...shown, moderationStatus: 'rejected' });
    expect(client.getQueryData<InfiniteData<PogPage>>(pogListKey(FILTERS))?.pages[0]?.pogs).toEqual([]);
  });
});

describe('removePogFromCache', () => {
  it('drops the POG from every list', () => {
    const client = new QueryClient();
    const gone = makePog({ id: 9 });
    const kept = makePog({ id: 10 });
    client.setQueryData(userPogsKey(asUserId(7)), [gone, kept]);
    client.setQueryData(pogListKey(FILTERS), pages([gone, kept]));
    client.setQueryData(pogKey(asPogId(9)), gone);

    removePogFromCache(client, asPogId(9));
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(7)))).toEqual([kept]);
    expect(client.getQueryData<InfiniteData<PogPage>>(pogListKey(FILTERS))?.pages[0]?.pogs).toEqual([kept]);
    expect(client.getQueryData(pogKey(asPogId(9)))).toBeUndefined();
  });
});
