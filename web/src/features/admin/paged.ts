/**
 * The admin panel's lists as the cache holds them: the pages loaded so far (newest first, each
 * with the server's count of every match and the next page's cursor), and how one live change
 * moves an item and the count. Pure, so the rules are tested without a socket or a query cache.
 */
import type { InfiniteData } from '@tanstack/react-query';

/** One page of GET /api/admin/pogs/flagged, /pogs/all or /users. */
export interface AdminListPage<T> {
  items: T[];
  /** How many rows match in all (X-Total-Count), the filter applied. */
  total: number;
  /** The `before` of the next page (X-Next-Cursor: the last id of this one), null on the last page. */
  nextCursor: string | null;
}

export type PagedList<T> = InfiniteData<AdminListPage<T>, string | null>;

export function isPagedList(data: unknown): data is PagedList<unknown> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

export function listItems<T>(data: PagedList<T> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The count the server gave, as live changes have kept it since. */
export function listTotal(data: PagedList<unknown> | undefined): number {
  return data?.pages[0]?.total ?? 0;
}

/**
 * Whether the loaded pages hold every matching item with this id or a newer one: each page holds
 * every match down to its cursor (its last id), so the loaded pages cover the ids down to the last
 * page's cursor, or all ids once the last page is loaded.
 */
function covers(data: PagedList<{ id: number }>, id: number): boolean {
  const last = data.pages.at(-1);
  return !last || last.nextCursor === null || id >= Number(last.nextCursor);
}

/** What one live event says about an item of a list. */
export interface LiveChange<T extends { id: number }> {
  /** The item as it is now. */
  item: T;
  /** Whether it belongs in the list now (e.g. still awaiting review, and matching the search). */
  belongs: boolean;
  /** Whether it belonged before the change, when the event says (a sign-up did not); undefined when unknown. */
  belonged: boolean | undefined;
}

function withTotal<T>(pages: AdminListPage<T>[], delta: number): AdminListPage<T>[] {
  return delta === 0 ? pages : pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) }));
}

/**
 * The list after `change`: the item replaced where it is, removed (one fewer in all), or inserted by
 * id (one more in all). Applying the same change twice changes nothing the second time. Returns the
 * same object when nothing changed, and 'refetch' when the count cannot be known here: the item is
 * older than the loaded pages and may have joined or left the list without being loaded.
 */
export function applyLiveChange<T extends { id: number }>(data: PagedList<T>, change: LiveChange<T>): PagedList<T> | 'refetch' {
  const { item, belongs } = change;
  const at = data.pages.findIndex((page) => page.items.some((each) => each.id === item.id));
  if (at !== -1) {
    const pages = data.pages.map((page, index) => {
      if (index !== at) return page;
      const items = belongs ? page.items.map((each) => (each.id === item.id ? item : each)) : page.items.filter((each) => each.id !== item.id);
      return { ...page, items };
    });
    return { ...data, pages: withTotal(pages, belongs ? 0 : -1) };
  }
  if (!covers(data, item.id)) return change.belonged === belongs ? data : 'refetch';
  if (!belongs) return data;
  // The first page whose range reaches down to the item: covers() says there is one.
  const target = data.pages.findIndex((page) => page.nextCursor === null || item.id >= Number(page.nextCursor));
  const pages = data.pages.map((page, index) => {
    if (index !== target) return page;
    const after = page.items.findIndex((each) => each.id < item.id);
    const items = after === -1 ? [...page.items, item] : [...page.items.slice(0, after), item, ...page.items.slice(after)];
    return { ...page, items };
  });
  // Loaded pages hold every member in their range, so it was not one; unless the event says it was
  // (then these pages missed it, and the server's count has it already).
  return { ...data, pages: withTotal(pages, change.belonged === true ? 0 : 1) };
}
