/** The collection's sort: newest, rarity, points or name; pure, so it is tested alone. */
import { RARITIES, type Pog } from '@pog/common';

export const COLLECTION_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'rarity', label: 'Rarity' },
  { value: 'points', label: 'Points' },
  { value: 'name', label: 'Name' },
] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number]['value'];

type Sortable = Pick<Pog, 'id' | 'name' | 'rarity' | 'points' | 'pointsPending'>;

/** Points as ranked: a design still being scored has none yet, so it comes last. */
const shownPoints = (pog: Sortable) => (pog.pointsPending || pog.points === null ? -1 : pog.points);
const newestFirst = (a: Sortable, b: Sortable) => b.id - a.id;
const byName = (a: Sortable, b: Sortable) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || newestFirst(a, b);
const byPoints = (a: Sortable, b: Sortable) => shownPoints(b) - shownPoints(a) || byName(a, b);

const COMPARE: Record<CollectionSort, (a: Sortable, b: Sortable) => number> = {
  newest: newestFirst,
  // Rarest first, then the most points within a rarity.
  rarity: (a, b) => RARITIES.indexOf(b.rarity) - RARITIES.indexOf(a.rarity) || byPoints(a, b),
  points: byPoints,
  name: byName,
};

export function sortCollection<T extends Sortable>(pogs: readonly T[], sort: CollectionSort): T[] {
  return [...pogs].sort(COMPARE[sort]);
}

/** "6 of 8": POGs held of the collection limit (more after winning a battle at the limit). */
export function slotsText(held: number, limit: number): string {
  return `${held} of ${limit}`;
}
