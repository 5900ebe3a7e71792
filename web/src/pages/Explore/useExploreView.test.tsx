// @vitest-environment happy-dom
/**
 * Explore's choices in the address when a second one comes before the first is drawn: React draws
 * a navigation as a transition, so for a moment the screen still shows the view before it, and a
 * choice made then comes from that older screen.
 */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useExploreView } from './useExploreView';

function explore(route = '/explore') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  return renderHook(() => ({ view: useExploreView(true), location: useLocation() }), { wrapper });
}

describe("Explore's view in the address", () => {
  it('keeps a tab chosen a moment ago when a filter is chosen on the screen drawn before it', () => {
    const { result } = explore();
    const drawn = result.current.view;
    act(() => {
      drawn.setSort('recent');
      drawn.setValues({ ...drawn.values, creator: '7' });
    });
    expect(result.current.location.search).toBe('?creator=7&tab=recent');
    expect(result.current.view.sort).toBe('recent');
  });

  it('keeps a filter chosen a moment ago when a tab is chosen on the screen drawn before it', () => {
    const { result } = explore('/explore?q=ember');
    const drawn = result.current.view;
    act(() => {
      drawn.setValues({ ...drawn.values, rarity: 'rare' });
      drawn.setSort('recent');
    });
    expect(result.current.location.search).toBe('?q=ember&rarity=rare&tab=recent');
  });

  it('writes each choice as a view of its own, the last one over the ones before', () => {
    const { result } = explore();
    act(() => result.current.view.setSort('recent'));
    act(() => result.current.view.setValues({ ...result.current.view.values, creator: '7' }));
    act(() => result.current.view.setSort('trending'));
    expect(result.current.location.search).toBe('?creator=7');
    expect(result.current.view.values).toMatchObject({ creator: '7', rarity: '' });
  });
});
