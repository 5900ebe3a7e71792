/**
 * A live change to a list not in id order: the review queue most reported first. Where an item
 * goes depends on its report count, which a change may move, and on rows the loaded pages may not
 * hold; so the change is written in only where its place cannot have moved, and otherwise the list
 * is fetched again. Pure, like paged.ts, so the rules are tested without a socket or a query cache.
 */
import type { LiveChange, PagedList } from './paged';

function withTotal<T>(data: PagedList<T>, delta: number): PagedList<T> {
  return { ...data, pages: data.pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) })) };
}

/**
 * The list after `change`, its items ordered by `rankOf` (the report count): the item replaced
 * where it is when its rank is unchanged, removed when it left (one fewer in all), nothing done when
 * it neither was nor is a member; 'refetch' when its place may have moved or it may have joined.
 */
export function applyRankedChange<T extends { id: number }>(data: PagedList<T>, change: LiveChange<T>, rankOf: (item: T) => number): PagedList<T> | 'refetch' {
  const { item, belongs } = change;
  const at = data.pages.findIndex((page) => page.items.some((each) => each.id === item.id));
  if (at === -1) {
    const allLoaded = data.pages.at(-1)?.nextCursor === null;
    // Not a member now, and not one before (every page is loaded, or the event says so): nothing moved.
    if (!belongs && (allLoaded || change.belonged === false)) return data;
    return 'refetch';
  }
  const current = data.pages[at]!.items.find((each) => each.id === item.id)!;
  if (belongs && rankOf(current) !== rankOf(item)) return 'refetch';
  const pages = data.pages.map((page, index) => {
    if (index !== at) return page;
    return { ...page, items: belongs ? page.items.map((each) => (each.id === item.id ? item : each)) : page.items.filter((each) => each.id !== item.id) };
  });
  return belongs ? { ...data, pages } : withTotal({ ...data, pages }, -1);
}
