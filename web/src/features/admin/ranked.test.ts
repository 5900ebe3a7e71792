import { describe, expect, it } from 'vitest';
import type { PagedList } from './paged';
import { applyRankedChange } from './ranked';

interface Item {
  id: number;
  reports: number;
  name?: string;
}

const rankOf = (item: Item) => item.reports;
/** Two pages most reported first: [5:9, 3:4] then [3:2, 1:8]; `more` says a third page follows. */
function list(more = false): PagedList<Item> {
  return {
    pageParams: [null, '3:4'],
    pages: [
      { items: [{ id: 9, reports: 5 }, { id: 4, reports: 3 }], total: 5, nextCursor: '3:4' },
      { items: [{ id: 2, reports: 3 }, { id: 8, reports: 1 }], total: 5, nextCursor: more ? '1:8' : null },
    ],
  };
}

describe('a live change to the queue ordered by reports', () => {
  it('replaces an item in place when its count did not change', () => {
    const next = applyRankedChange(list(), { item: { id: 2, reports: 3, name: 'renamed' }, belongs: true, belonged: undefined }, rankOf);
    expect(next).not.toBe('refetch');
    const pages = (next as PagedList<Item>).pages;
    expect(pages[1]!.items[0]).toEqual({ id: 2, reports: 3, name: 'renamed' });
    expect(pages.map((page) => page.total)).toEqual([5, 5]);
  });

  it('fetches again when a report moved an item, or an item may have joined', () => {
    expect(applyRankedChange(list(), { item: { id: 8, reports: 2 }, belongs: true, belonged: undefined }, rankOf)).toBe('refetch');
    expect(applyRankedChange(list(), { item: { id: 11, reports: 1 }, belongs: true, belonged: undefined }, rankOf)).toBe('refetch');
    expect(applyRankedChange(list(), { item: { id: 11, reports: 1 }, belongs: true, belonged: false }, rankOf)).toBe('refetch');
  });

  it('removes an item that left, one fewer in all', () => {
    const next = applyRankedChange(list(), { item: { id: 4, reports: 3 }, belongs: false, belonged: undefined }, rankOf) as PagedList<Item>;
    expect(next.pages[0]!.items.map((item) => item.id)).toEqual([9]);
    expect(next.pages.map((page) => page.total)).toEqual([4, 4]);
  });

  it('does nothing for an item that neither is nor was a member; an unloaded one may have been', () => {
    const all = list();
    expect(applyRankedChange(all, { item: { id: 11, reports: 0 }, belongs: false, belonged: undefined }, rankOf)).toBe(all);
    const partial = list(true);
    expect(applyRankedChange(partial, { item: { id: 11, reports: 0 }, belongs: false, belonged: false }, rankOf)).toBe(partial);
    expect(applyRankedChange(partial, { item: { id: 11, reports: 0 }, belongs: false, belonged: undefined }, rankOf)).toBe('refetch');
  });
});
