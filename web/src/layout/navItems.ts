/** The header's navigation (product spec: screens). "/" counts as the Create screen in the header. */
export interface NavItem {
  to: string;
  label: string;
  /** Other paths on which this item shows as the current page. */
  alsoActiveOn?: readonly string[];
  /**
   * Shown in the header only from the xl breakpoint (1280px), where it fits; narrower it is in the user menu
   * (and, below md, the mobile menu has every item).
   */
  wideOnly?: boolean;
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
  { to: '/leaderboard', label: 'Leaderboard', wideOnly: true },
  { to: '/assistant', label: 'Game Guide' },
  { to: '/profile', label: 'Profile' },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const paths = [item.to, ...(item.alsoActiveOn ?? [])];
  return paths.some((path) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)));
}
