import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { PogSort } from '@pog/common';
import type { PogFilters } from '../../features/pogs/keys';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { exploreQuery, readExploreView, type ExploreView, type FilterValues } from './exploreView';

/** Typing pauses this long before the list (and the address) follow the search box. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Whether the address still holds the entry this screen was drawn for. A navigation to another screen
 * commits the address at once but keeps this screen drawn while the next one's code loads; a search
 * written then would land in the next screen's address. Unknown without a browser history (a memory
 * router): true.
 */
function stillAt(locationKey: string): boolean {
  const key = (window.history.state as { key?: unknown } | null)?.key;
  return typeof key !== 'string' || key === locationKey;
}

/**
 * Explore's filters and tab, kept in the address (exploreView.ts). A chosen filter or tab is a new
 * history entry, so Back returns to the view before it; the search box writes the address once
 * typing pauses, in place, so Back does not step through every word typed.
 */
export function useExploreView(signedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const { key: locationKey } = useLocation();
  const shownKey = useRef(locationKey);
  const view = readExploreView(params, signedIn);
  const [search, setSearch] = useState(view.values.search);
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The search the address holds as far as this hook knows: what it wrote, or what it last read.
  const known = useRef(view.values.search);

  // The address changed by itself (Back, Forward, a link): the box shows its search.
  useEffect(() => {
    if (view.values.search === known.current) return;
    known.current = view.values.search;
    setSearch(view.values.search);
  }, [view.values.search]);

  // The address as this hook last wrote it, or read it once a navigation was drawn. A choice is
  // in the address before the screen is drawn again (React draws a navigation as a transition), so
  // a second choice made meanwhile, from the screen still showing, adds to the first one instead of
  // writing the older view back with its own change.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
    shownKey.current = locationKey;
    // Only a navigation changes what the address holds; a render for anything else reads the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locationKey]);

  const update = (change: (view: ExploreView) => ExploreView, replace: boolean) => {
    const next = change(readExploreView(latest.current, signedIn));
    known.current = next.values.search;
    latest.current = new URLSearchParams(exploreQuery(next, signedIn));
    setParams(latest.current, { replace });
  };

  // Typing paused: the address follows the box, in place (a filter or tab writes at once, below).
  useEffect(() => {
    if (settled === known.current || !stillAt(shownKey.current)) return;
    update((view) => ({ ...view, values: { ...view.values, search: settled } }), true);
    // When typing settles, not whenever `update` is made anew: it reads the latest address itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, signedIn]);

  const values: FilterValues = { ...view.values, search };
  const filters: PogFilters = { ...view.values, sort: view.sort };
  return {
    values,
    sort: view.sort,
    filters,
    setValues: (next: FilterValues) => {
      setSearch(next.search);
      // A new filter is a view of its own; a keystroke waits for the pause.
      const shown = view.values;
      if (next.rarity === shown.rarity && next.creator === shown.creator) return;
      update(
        (current) => ({
          ...current,
          values: { search: next.search, rarity: next.rarity !== shown.rarity ? next.rarity : current.values.rarity, creator: next.creator !== shown.creator ? next.creator : current.values.creator },
        }),
        false,
      );
    },
    setSort: (sort: PogSort) => update((current) => ({ ...current, sort }), false),
  };
}
