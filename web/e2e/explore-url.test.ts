/**
 * Explore keeps its view in the address: the search, the filters and the tab survive a refresh,
 * Back returns to the view before the last choice, and a shared link opens the same view. A new
 * search cancels the request of the one before.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, playerWithPog, useE2E } from './harness';

const word = () => `zq${randomBytes(4).toString('hex')}`;

/**
 * How long a freshly opened Explore may take to show its whole view: the Creator list fills its
 * options from a request of its own, which can answer after the POGs are on screen.
 */
const SETTLED = { timeout: 10_000 };

/** What the Explore screen shows as its view. */
async function shownView(page: Page) {
  return {
    search: await page.getByRole('searchbox', { name: 'Search' }).inputValue(),
    rarity: await page.getByRole('combobox', { name: 'Rarity' }).inputValue(),
    creator: await page.getByRole('combobox', { name: 'Creator' }).inputValue(),
    tab: await page.getByRole('tab', { selected: true }).textContent(),
  };
}

describe.skipIf(!hasChromium())('Explore in the address [needs Chromium]', () => {
  const e2e = useE2E();

  it('keeps search, filters and tab through a refresh, Back and a shared link', async () => {
    const term = word();
    const context = await e2e.newContext();
    const [, maker] = await Promise.all([
      playerWithPog(context, 'seeker', { name: `Seeker ${term}`, textContent: 'SEEK' }),
      playerWithPog(await e2e.newContext(), 'maker', { name: `Maker ${term}`, textContent: 'MAKE' }),
    ]);
    const page = await context.newPage();
    await page.goto('/explore');
    const results = page.getByRole('tabpanel');

    // Typing settles into the address; the tab and the creator are choices of their own.
    await page.getByRole('searchbox', { name: 'Search' }).fill(term);
    await page.waitForURL((url) => url.searchParams.get('q') === term);
    await results.getByRole('article', { name: `Seeker ${term}` }).waitFor();
    await page.getByRole('tab', { name: 'Recently Created' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'recent');
    await page.getByRole('combobox', { name: 'Creator' }).selectOption(String(maker.userId));
    await page.waitForURL((url) => url.searchParams.get('creator') === String(maker.userId));
    await results.getByRole('article', { name: `Seeker ${term}` }).waitFor({ state: 'detached' });
    await results.getByRole('article', { name: `Maker ${term}` }).waitFor();
    const chosen = { search: term, rarity: '', creator: String(maker.userId), tab: 'Recently Created' };
    expect(await shownView(page)).toEqual(chosen);
    const shared = page.url();

    // A refresh opens the same view.
    await page.reload();
    await results.getByRole('article', { name: `Maker ${term}` }).waitFor();
    await expect.poll(() => shownView(page), SETTLED).toEqual(chosen);
    expect(await results.getByRole('article', { name: `Seeker ${term}` }).count()).toBe(0);

    // Back undoes the creator, then the tab; the search stays.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('creator'));
    await results.getByRole('article', { name: `Seeker ${term}` }).waitFor();
    expect(await shownView(page)).toEqual({ ...chosen, creator: '' });
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('tab'));
    // The address changes at once; the screen follows once React has drawn the older view.
    await expect.poll(() => shownView(page), SETTLED).toEqual({ ...chosen, creator: '', tab: 'Trending' });

    // A shared link opens the view for someone else, and a rarity choice joins the address.
    const other = await (await e2e.newContext()).newPage();
    await playerWithPog(other.context(), 'friend', { name: 'Friend disc', textContent: 'HI' });
    await other.goto(shared);
    await other.getByRole('tabpanel').getByRole('article', { name: `Maker ${term}` }).waitFor();
    await expect.poll(() => shownView(other), SETTLED).toEqual(chosen);
    await other.getByRole('combobox', { name: 'Rarity' }).selectOption('legendary');
    await other.waitForURL((url) => url.searchParams.get('rarity') === 'legendary' && url.searchParams.get('q') === term);
  }, 120_000);

  it('cancels the request of the previous search when the term changes', async () => {
    const term = word();
    const context = await e2e.newContext();
    await playerWithPog(context, 'typist', { name: `Typist ${term}`, textContent: 'TYPE' });
    // The searches the page's fetch calls made, and those whose signal was aborted.
    await context.addInitScript(() => {
      const seen = window as unknown as { searchesAborted: string[] };
      seen.searchesAborted = [];
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('search=')) init?.signal?.addEventListener('abort', () => seen.searchesAborted.push(new URL(url, location.href).searchParams.get('search') ?? ''));
        return original(input, init);
      };
    });
    const page = await context.newPage();
    await page.goto('/explore');
    const first = `${term}-slow`;
    // The first search's answer is held until the second search has been asked.
    let secondAsked!: () => void;
    const asked = new Promise<void>((resolve) => (secondAsked = resolve));
    await page.route((url) => url.pathname === '/api/pogs' && url.searchParams.get('search') === first, async (route) => {
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue().catch(() => undefined);
    });
    page.on('request', (request) => {
      if (new URL(request.url()).searchParams.get('search') === term) secondAsked();
    });
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(first);
    await page.waitForRequest((request) => new URL(request.url()).searchParams.get('search') === first);
    await box.fill(term);
    await page.waitForURL((url) => url.searchParams.get('q') === term);
    await page.getByRole('tabpanel').getByRole('article', { name: `Typist ${term}` }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { searchesAborted: string[] }).searchesAborted)).toEqual([first]);
  }, 120_000);
});
