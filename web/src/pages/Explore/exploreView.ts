/**
 * Explore's view in its address: `?q=` the search, `rarity=`, `creator=` (a player id) and `tab=`
 * (`recent` or `trending`), each left out at its default, so a plain /explore stays plain. A link,
 * a refresh or Back opens the same view; values that mean nothing are read as the default.
 */
import { RARITIES, type PogSort, type Rarity } from '@pog/common';

export interface FilterValues {
  search: string;
  rarity: Rarity | '';
  creator: string;
}

export const NO_FILTERS: FilterValues = { search: '', rarity: '', creator: '' };

/** The player's Explore opens on Trending, the visitors' Discover on the newest. */
export const PLAYER_SORT: PogSort = 'trending';
export const VISITOR_SORT: PogSort = 'recent';

export interface ExploreView {
  values: FilterValues;
  sort: PogSort;
}

const isRarity = (value: string | null): value is Rarity => RARITIES.includes(value as Rarity);

/** The view an address asks for; visitors' Discover has one order only. */
export function readExploreView(params: URLSearchParams, signedIn: boolean): ExploreView {
  const rarity = params.get('rarity');
  const creator = params.get('creator') ?? '';
  const tab = params.get('tab');
  return {
    values: {
      search: (params.get('q') ?? '').slice(0, 100),
      rarity: isRarity(rarity) ? rarity : NO_FILTERS.rarity,
      creator: /^[1-9]\d{0,9}$/.test(creator) ? creator : NO_FILTERS.creator,
    },
    sort: !signedIn ? VISITOR_SORT : tab === 'recent' || tab === 'trending' ? tab : PLAYER_SORT,
  };
}

/** The address's query for a view (without the `?`), defaults left out. */
export function exploreQuery({ values, sort }: ExploreView, signedIn: boolean): string {
  const params = new URLSearchParams();
  if (values.search) params.set('q', values.search);
  if (values.rarity) params.set('rarity', values.rarity);
  if (values.creator) params.set('creator', values.creator);
  if (signedIn && sort !== PLAYER_SORT) params.set('tab', sort);
  return params.toString();
}
