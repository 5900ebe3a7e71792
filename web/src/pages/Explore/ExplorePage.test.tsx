// @vitest-environment happy-dom
/**
 * A player's Explore draws what sits under the first steps panel (filters, tabs, cards) once the
 * panel's place is known, so the panel never pushes the cards down as its stats arrive.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asUserId, newPlayerStats, type User } from '@pog/common';
import { makePog } from '../../features/pogs/testPog';
import { renderWithApp } from '../../testing/render';
import ExplorePage from './ExplorePage';

const alice: User = { id: asUserId(7), username: 'alice', displayName: 'alice', avatarInitials: 'A', avatarColor: '#6366F1', role: 'user' };
const STATS = '/api/users/7/stats';

/** A gateway answering by path (any query), whose stats answer waits for `release()`; the paths asked. */
function gatewayHoldingStats() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answers: Record<string, unknown> = { '/api/user': alice, '/api/pogs': [makePog({ id: 3, userId: 8, name: 'Ember' })], [STATS]: newPlayerStats() };
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      asked.push(pathname);
      if (pathname === STATS) await held;
      const body = answers[pathname];
      if (body === undefined) return new Response(JSON.stringify({ code: 'TEST_NO_ROUTE', message: `No fake route for ${pathname}` }), { status: 599 });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { release, asked };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const trendingTab = () => screen.queryByRole('tab', { name: 'Trending' });

describe("a player's Explore and the first steps panel", () => {
  afterEach(() => window.localStorage.clear());

  it('draws the list only once the panel has its stats, under the panel', async () => {
    const gateway = gatewayHoldingStats();
    renderWithApp(<ExplorePage />, { route: '/explore' });
    await screen.findByRole('heading', { name: 'Explore Pogs' });
    await waitFor(() => expect(gateway.asked).toContain(STATS));
    await pause(100);
    expect(trendingTab()).toBeNull();
    expect(screen.queryByText('Ember')).toBeNull();

    gateway.release();
    const panel = await screen.findByRole('region', { name: 'Your first steps' });
    const tab = await screen.findByRole('tab', { name: 'Trending' });
    expect(panel.compareDocumentPosition(tab) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByText('Ember');
  });

  it('does not wait for a panel the player dismissed', async () => {
    window.localStorage.setItem('pog:first-steps-dismissed:7', '1');
    const gateway = gatewayHoldingStats();
    renderWithApp(<ExplorePage />, { route: '/explore' });
    await screen.findByText('Ember');
    expect(gateway.asked).not.toContain(STATS);
  });

  it('shows the list without the panel when its stats are slow, and the panel when they come', async () => {
    const gateway = gatewayHoldingStats();
    renderWithApp(<ExplorePage />, { route: '/explore' });
    await screen.findByText('Ember');
    expect(screen.queryByRole('region', { name: 'Your first steps' })).toBeNull();
    gateway.release();
    await screen.findByRole('region', { name: 'Your first steps' });
  });
});
