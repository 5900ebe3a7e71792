import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavItemActive, linksThatFit } from './navItems';

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

  it('shows every link that fits, and the rest behind More', () => {
    const widths = [60, 70, 80, 90];
    // All four with three gaps of 4: 312.
    expect(linksThatFit(widths, 50, 4, 312)).toBe(4);
    // One pixel less: as many as fit with a gap and More (50) after them: 60+4+70+4+80 +4+50 = 272.
    expect(linksThatFit(widths, 50, 4, 311)).toBe(3);
    expect(linksThatFit(widths, 50, 4, 272)).toBe(3);
    expect(linksThatFit(widths, 50, 4, 271)).toBe(2);
    // Not even one beside More: all of them behind it.
    expect(linksThatFit(widths, 50, 4, 100)).toBe(0);
    expect(linksThatFit([], 50, 4, 0)).toBe(0);
  });
});
