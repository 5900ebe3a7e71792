/**
 * The admin lists with more rows than a page, in a browser: 520 players each holding a POG, 510 of
 * them flagged (inserted directly: the API would take a sign-up and a cooldown each). The tab badges
 * say the true totals and follow live events; each list reaches its oldest row through "Load more",
 * newest first, and finds a row by search. One page load for all of it.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, hasChromium, useE2E } from './harness';

const PLAYERS = 520;
const FLAGGED = 510;
const name = (n: number) => `crowd disc ${String(n).padStart(4, '0')}`;
const username = (n: number) => `crowd${String(n).padStart(4, '0')}`;

const card = (scope: Page | Locator, text: string) => scope.getByRole('article', { name: text, exact: true });
const badge = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

/** Clicks "Load more ..." until it is gone, checking the count line after each page; returns how many clicks it took. */
async function loadAll(page: Page, noun: string, total: number): Promise<number> {
  const more = page.getByRole('button', { name: `Load more ${noun}` });
  let clicks = 0;
  for (let shown = 200; shown < total; shown = Math.min(shown + 200, total)) {
    await page.getByText(`Showing ${shown} of ${total} ${noun}`, { exact: true }).waitFor();
    await more.click();
    clicks += 1;
  }
  await page.getByText(`Showing ${total} of ${total} ${noun}`, { exact: true }).waitFor();
  expect(await more.count()).toBe(0);
  return clicks;
}

/** The cards' names in a list, in screen order. */
const cardNames = (list: Locator) => list.getByRole('heading').allTextContents();

describe.skipIf(!hasChromium())('the admin lists in a browser, with more than 500 rows each [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows the true totals, pages to the oldest row, searches, and keeps the counts live', { timeout: 180_000 }, async () => {
    expect(await e2e.app.factory({ factory: 'crowd', prefix: 'crowd', players: PLAYERS, flagged: FLAGGED })).toBe(PLAYERS);
    const context = await e2e.newContext();
    expect((await context.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });

    // The badges say every row, not the first page's 200.
    await page.getByTestId('users-count').waitFor();
    expect(await badge(page, 'flagged-count')).toBe(String(FLAGGED));
    expect(await badge(page, 'all-pogs-count')).toBe(String(PLAYERS));
    expect(await badge(page, 'users-count')).toBe(String(PLAYERS));

    // Flagged: newest first, then page by page down to the oldest.
    const flagged = page.getByRole('list', { name: 'Flagged POGs' });
    expect((await cardNames(flagged))[0]).toBe(name(FLAGGED));
    expect(await loadAll(page, 'flagged POGs', FLAGGED)).toBe(2);
    const flaggedNames = await cardNames(flagged);
    expect(flaggedNames).toHaveLength(FLAGGED);
    expect(flaggedNames.at(-1)).toBe(name(1));
    await page.getByRole('searchbox', { name: 'Search flagged POGs' }).fill(name(7).toUpperCase());
    await page.getByText('Showing 1 of 1 flagged POGs', { exact: true }).waitFor();
    expect(await cardNames(flagged)).toEqual([name(7)]);
    // The badge is the whole queue's, whatever the search.
    expect(await badge(page, 'flagged-count')).toBe(String(FLAGGED));

    // All POGs: the same, searched by the owner's name.
    await page.getByRole('tab', { name: /All POGs/ }).click();
    const all = page.getByRole('list', { name: 'All POGs' });
    await card(all, name(PLAYERS)).waitFor();
    expect((await cardNames(all))[0]).toBe(name(PLAYERS));
    expect(await loadAll(page, 'POGs', PLAYERS)).toBe(2);
    expect((await cardNames(all)).at(-1)).toBe(name(1));
    await page.getByRole('searchbox', { name: 'Search POGs' }).fill(username(333));
    await page.getByText('Showing 1 of 1 POGs', { exact: true }).waitFor();
    expect(await cardNames(all)).toEqual([name(333)]);

    // Users: the newest account first (the 200 oldest used to be all there was), the oldest last.
    await page.getByRole('tab', { name: /Users/ }).click();
    const table = page.getByRole('table', { name: 'Users' });
    const usernames = () => table.locator('tbody tr strong').allTextContents();
    await table.getByRole('button', { name: `Moderate ${username(PLAYERS)}` }).waitFor();
    expect((await usernames())[0]).toBe(username(PLAYERS));
    expect(await loadAll(page, 'users', PLAYERS)).toBe(2);
    expect((await usernames()).at(-1)).toBe(username(1));

    // Live: a sign-up is counted and listed first; a report puts a POG in the queue and the count.
    const latecomer = await e2e.newContext();
    const registered = await latecomer.request.post('/api/register', { data: { username: 'latecomer', password: 'secret123' } });
    expect(registered.status()).toBe(201);
    await page.getByText(`Showing ${PLAYERS + 1} of ${PLAYERS + 1} users`, { exact: true }).waitFor();
    expect(await badge(page, 'users-count')).toBe(String(PLAYERS + 1));
    expect((await usernames())[0]).toBe('latecomer');
    const target = ((await (await context.request.get(`/api/admin/pogs/all?search=${encodeURIComponent(name(515))}`)).json()) as Array<{ id: number }>)[0]!;
    expect((await latecomer.request.post(`/api/pogs/${target.id}/report`, { data: { reason: 'Looks copied' } })).status()).toBe(201);
    await expect.poll(() => badge(page, 'flagged-count')).toBe(String(FLAGGED + 1));

    // Search the players, and leave a short list for the end-of-test accessibility checks.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(username(42).toUpperCase());
    await page.getByText('Showing 1 of 1 users', { exact: true }).waitFor();
    expect(await usernames()).toEqual([username(42)]);
    await page.getByRole('tab', { name: /Flagged POGs/ }).click();
    await page.getByRole('searchbox', { name: 'Search flagged POGs' }).fill(name(515));
    await page.getByText('Showing 1 of 1 flagged POGs', { exact: true }).waitFor();
    expect(await cardNames(flagged)).toEqual([name(515)]);
  });
});
