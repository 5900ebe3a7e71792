/** The header's navigation (product spec: screens). "/" counts as the Create screen in the header. */
export interface NavItem {
  to: string;
  label: string;
  /** Other paths on which this item shows as the current page. */
  alsoActiveOn?: readonly string[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/create', label: 'Create', alsoActiveOn: ['/'] },
  { to: '/explore', label: 'Explore' },
  // An addition to the spec: player pages, /explore-user, reachable from the menu.
  { to: '/explore-user', label: 'Players' },
  { to: '/collection', label: 'Collection' },
  { to: '/trade', label: 'Trade' },
  { to: '/battle', label: 'Battle', alsoActiveOn: ['/battle-refactored'] },
  // An addition to the spec's header.
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/assistant', label: 'Game Guide' },
  { to: '/profile', label: 'Profile' },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const paths = [item.to, ...(item.alsoActiveOn ?? [])];
  return paths.some((path) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)));
}

/**
 * How many of the header's links fit in `available` pixels, in order, given each link's width and
 * the gap between them: all of them, or as many as fit beside the More button that holds the rest.
 */
export function linksThatFit(widths: readonly number[], moreWidth: number, gap: number, available: number): number {
  const span = (count: number) => widths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(0, count - 1);
  if (span(widths.length) <= available) return widths.length;
  let count = widths.length - 1;
  while (count > 0 && span(count) + gap + moreWidth > available) count--;
  return count;
}
