import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { PogSort } from '@pog/common';
import type { PogFilters } from '../../features/pogs/keys';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { exploreQuery, readExploreView, type FilterValues } from './exploreView';

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

  const write = (values: FilterValues, sort: PogSort, replace: boolean) => {
    known.current = values.search;
    setParams(exploreQuery({ values, sort }, signedIn), { replace });
  };

  useEffect(() => {
    shownKey.current = locationKey;
  }, [locationKey]);

  // Typing paused: the address follows the box, in place (a filter or tab writes at once, below).
  useEffect(() => {
    if (settled === known.current || !stillAt(shownKey.current)) return;
    known.current = settled;
    setParams(
      (current) => {
        const { values, sort } = readExploreView(current, signedIn);
        return exploreQuery({ values: { ...values, search: settled }, sort }, signedIn);
      },
      { replace: true },
    );
  }, [settled, setParams, signedIn]);

  const values: FilterValues = { ...view.values, search };
  const filters: PogFilters = { ...view.values, sort: view.sort };
  return {
    values,
    sort: view.sort,
    filters,
    setValues: (next: FilterValues) => {
      setSearch(next.search);
      // A new filter is a view of its own; a keystroke waits for the pause.
      if (next.rarity !== view.values.rarity || next.creator !== view.values.creator) write(next, view.sort, false);
    },
    setSort: (sort: PogSort) => write(view.values, sort, false),
  };
}
