/**
 * Offline and failing connections: an action that cannot reach the server ends at
 * once with the catalogue's Connection Error and is never sent later; the offline banner stays in
 * view; a screen whose code failed to load comes back; an admin list that failed says so, with Retry.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, hasChromium, registerThroughUi, useE2E, waitUntilLive } from './harness';

const OFFLINE_BANNER = "You're currently offline. Some features may not be available.";

/** The catalogue's NETWORK_ERROR toast (product spec: errors). */
async function connectionErrorToast(page: Page): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: 'Connection Error' });
  await toast.getByText('Unable to connect to the server. Please check your internet connection.').waitFor();
}

async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.getByText(OFFLINE_BANNER).waitFor();
}

async function goOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await page.getByText(OFFLINE_BANNER).waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium())('offline and failing connections in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('a Save offline ends at once with the Connection Error toast, and nothing is sent when the network returns', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'offline_saver');
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pogs') creates.push(request.url());
    });
    await page.goto('/create');
    await page.getByLabel('Name').fill('Never Sent');
    await goOffline(page);

    await page.getByRole('button', { name: 'Save Pog' }).click();
    await connectionErrorToast(page);
    const save = page.getByRole('button', { name: 'Save Pog' });
    expect(await save.isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Saving...' }).count()).toBe(0);

    // Back online: the save must not happen by itself (TanStack Query would resume a paused one).
    await goOnline(page);
    await waitUntilLive(page);
    const me = (await (await page.context().request.get('/api/user')).json()) as { id: number };
    const pogs = (await (await page.context().request.get(`/api/users/${me.id}/pogs`)).json()) as unknown[];
    expect(pogs).toEqual([]);
    expect(creates).toEqual([]);
    // The form kept what was typed, so the player can simply save again.
    expect(await page.getByLabel('Name').inputValue()).toBe('Never Sent');
  });

  it('live updates come back as soon as the network does, also when it dropped while the connection was being opened', async () => {
    const page = await e2e.newPage();
    // The first live connection is held half-open: its socket opens but the server's handshake never
    // comes, so the connection is still being opened when the network drops. Later ones go through.
    let held = 0;
    await page.routeWebSocket('**/socket.io/**', (ws) => {
      if (held++ === 0) return;
      ws.connectToServer();
    });
    await registerThroughUi(page, 'half_open');
    await page.getByRole('heading', { name: 'Explore Pogs' }).waitFor();
    await expect.poll(() => held, { timeout: 15_000 }).toBe(1);

    await goOffline(page);
    await goOnline(page);
    // socket.io-client alone would sit 'connecting' until its 20 s connect timeout.
    await waitUntilLive(page, { timeout: 10_000 });
    expect(held).toBeGreaterThanOrEqual(2);
  });

  it('an action that cannot reach the server ends with the Connection Error toast, sent once, never retried', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'unreachable');
    await page.goto('/create');
    let attempts = 0;
    await page.route('**/api/pogs', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      attempts += 1;
      await route.abort('connectionrefused');
    });
    await page.getByLabel('Name').fill('Lost In Transit');
    await page.getByRole('button', { name: 'Save Pog' }).click();
    await connectionErrorToast(page);
    await page.getByRole('button', { name: 'Save Pog' }).waitFor();
    // A write that may have reached the server is not sent again behind the player's back.
    expect(attempts).toBe(1);
    await page.unroute('**/api/pogs');
  });

  it('keeps the offline banner in view, above the header, however far the page scrolls', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 600 } });
    await registerThroughUi(page, 'scroller');
    await page.goto('/create');
    await page.getByRole('button', { name: 'Save Pog' }).waitFor();
    await goOffline(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    const banner = await page.getByText(OFFLINE_BANNER).boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    if (!banner || !header) throw new Error('The banner or the header has no box');
    expect(banner.y).toBeGreaterThanOrEqual(0);
    expect(banner.y).toBeLessThan(banner.height);
    // The header sticks just below the banner, not under it.
    expect(header.y).toBeGreaterThanOrEqual(banner.y + banner.height - 1);
    // Back online, the banner goes and the header sticks to the top again.
    await goOnline(page);
    await expect.poll(async () => (await page.getByRole('banner').boundingBox())?.y).toBe(0);
  });

  it('a screen whose code failed to load comes back: by itself online, on Try again, on navigation', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'chunky');
    await page.goto('/explore');
    await page.getByRole('heading', { name: 'Explore Pogs' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const failed = page.getByRole('alert').filter({ hasText: 'Something went wrong' });

    // The connection comes back: the screen loads by itself.
    await goOffline(page);
    await nav.getByRole('link', { name: 'Trade' }).click();
    await failed.getByText('You appear to be offline. Please check your connection and try again.').waitFor();
    await goOnline(page);
    await page.getByRole('heading', { name: 'Trade Center' }).waitFor();
    expect(await failed.count()).toBe(0);

    // Try again, once the code can be fetched.
    await page.route('**/assets/AssistantPage-*.js', (route) => route.abort('internetdisconnected'));
    await nav.getByRole('link', { name: 'Game Guide' }).click();
    await failed.waitFor();
    await page.unroute('**/assets/AssistantPage-*.js');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Game Guide', level: 1 }).waitFor();

    // Navigation: away and back once the connection returned. The browser's raw message never shows.
    await page.route('**/assets/ProfilePage-*.js', (route) => route.abort('internetdisconnected'));
    await nav.getByRole('link', { name: 'Profile' }).click();
    await failed.getByText('Unable to connect to the server. Please check your internet connection.').waitFor();
    expect(await failed.getByText(/dynamically imported module/).count()).toBe(0);
    await page.unroute('**/assets/ProfilePage-*.js');
    await nav.getByRole('link', { name: 'Explore' }).click();
    await page.getByRole('heading', { name: 'Explore Pogs' }).waitFor();
    await nav.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('region', { name: 'Player stats' }).waitFor();
  });

  it('an admin list that failed to load says so with Retry, never its empty text', async () => {
    const context = await e2e.newContext();
    expect((await context.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const page = await context.newPage();
    // Both lists, whatever query they are asked with (search, order, page).
    await page.route(/\/api\/admin\/(pogs\/flagged|users)(\?|$)/, (route) => route.abort('connectionrefused'));

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    const panel = page.getByRole('tabpanel');
    await panel.getByText('Failed to load admin data').waitFor();
    expect(await page.getByText('No flagged POGs to review').count()).toBe(0);
    await page.getByRole('tab', { name: 'Users' }).click();
    await panel.getByText('Failed to load admin data').waitFor();
    expect(await page.getByText('No users found').count()).toBe(0);

    // Retry, once the server can be reached, loads the lists.
    await page.unrouteAll();
    await panel.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    // A tab opened again asks again for its list that failed.
    await page.getByRole('tab', { name: /Flagged POGs/ }).click();
    await page.getByText('No flagged POGs to review').waitFor();
  });
});
