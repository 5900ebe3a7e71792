import { describe, expect, it } from 'vitest';
import { applyLiveChange, listItems, listTotal, type PagedList } from './paged';

type Item = { id: number; name: string };
const item = (id: number, name = `item ${id}`): Item => ({ id, name });

/** Loaded pages of ids (newest first), with the count of all matches; the last page has `more` after it or not. */
function list(pages: number[][], total: number, more: boolean): PagedList<Item> {
  return {
    pages: pages.map((ids, index) => ({
      items: ids.map((id) => item(id)),
      total,
      nextCursor: index < pages.length - 1 || more ? String(ids.at(-1)) : null,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : String(pages[index - 1]!.at(-1)))),
  };
}

const ids = (data: PagedList<Item> | 'refetch') => (data === 'refetch' ? data : listItems(data).map((each) => each.id));
const total = (data: PagedList<Item> | 'refetch') => (data === 'refetch' ? data : listTotal(data));

describe('applyLiveChange', () => {
  const loaded = list([[90, 80], [70, 60]], 7, true);

  it('inserts a new item in newest-first order in the page whose range holds it, and counts it once', () => {
    const newest = applyLiveChange(loaded, { item: item(95), belongs: true, belonged: false });
    expect(ids(newest)).toEqual([95, 90, 80, 70, 60]);
    expect(total(newest)).toBe(8);
    const between = applyLiveChange(loaded, { item: item(75), belongs: true, belonged: undefined });
    expect(ids(between)).toEqual([90, 80, 75, 70, 60]);
    expect(between !== 'refetch' && between.pages[1]!.items.map((each) => each.id)).toEqual([75, 70, 60]);
    // The same event again (a replay, or this admin's own result and then its echo) changes nothing.
    expect(total(applyLiveChange(newest as PagedList<Item>, { item: item(95), belongs: true, belonged: false }))).toBe(8);
  });

  it('removes an item that left the list once, and replaces one that changed', () => {
    const removed = applyLiveChange(loaded, { item: item(70), belongs: false, belonged: true });
    expect(ids(removed)).toEqual([90, 80, 60]);
    expect(total(removed)).toBe(6);
    expect(applyLiveChange(removed as PagedList<Item>, { item: item(70), belongs: false, belonged: true })).toBe(removed);

    const renamed = applyLiveChange(loaded, { item: item(80, 'renamed'), belongs: true, belonged: true });
    expect(renamed !== 'refetch' && listItems(renamed)[1]).toEqual(item(80, 'renamed'));
    expect(total(renamed)).toBe(7);
  });

  it('leaves an older item than the loaded pages to the count it already has, or asks to fetch again when the count may have changed', () => {
    expect(applyLiveChange(loaded, { item: item(10), belongs: true, belonged: true })).toBe(loaded);
    expect(applyLiveChange(loaded, { item: item(10), belongs: false, belonged: false })).toBe(loaded);
    expect(applyLiveChange(loaded, { item: item(10), belongs: false, belonged: true })).toBe('refetch');
    expect(applyLiveChange(loaded, { item: item(10), belongs: true, belonged: undefined })).toBe('refetch');
  });

  it('inserts anywhere once the last page is loaded, the oldest at the end', () => {
    const all = list([[90, 80], [70, 60]], 4, false);
    const oldest = applyLiveChange(all, { item: item(5), belongs: true, belonged: undefined });
    expect(ids(oldest)).toEqual([90, 80, 70, 60, 5]);
    expect(total(oldest)).toBe(5);
    expect(applyLiveChange(all, { item: item(5), belongs: false, belonged: undefined })).toBe(all);
  });
});
