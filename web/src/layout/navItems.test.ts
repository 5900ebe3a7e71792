import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavItemActive } from './navItems';

const item = (label: string) => NAV_ITEMS.find((nav) => nav.label === label)!;

describe('header navigation', () => {
  it('treats the home page as the Create screen', () => {
    expect(isNavItemActive(item('Create'), '/')).toBe(true);
    expect(isNavItemActive(item('Create'), '/create')).toBe(true);
    expect(isNavItemActive(item('Explore'), '/')).toBe(false);
  });

  it('does not confuse paths that share a prefix', () => {
    expect(isNavItemActive(item('Explore'), '/explore-user')).toBe(false);
    expect(isNavItemActive(item('Players'), '/explore-user')).toBe(true);
    expect(isNavItemActive(item('Battle'), '/battle-refactored')).toBe(true);
  });

  it('links every player route of the route table', () => {
    expect(NAV_ITEMS.map((nav) => nav.to)).toEqual(['/create', '/explore', '/explore-user', '/collection', '/trade', '/battle', '/leaderboard', '/assistant', '/profile']);
  });
});
