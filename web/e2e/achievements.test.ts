/**
 * The Profile screen's stats card and achievements (product spec: screens, entities, errors and limits): a new player sees
 * their limits and every achievement open; creating a first POG completes First Design, and the
 * open profile updates without a reload.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@pog/common';
import { hasChromium, registerThroughUi, snapshot, useE2E } from './harness';

describe.skipIf(!hasChromium())('stats and achievements [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows stats and achievement progress, and completes First Design live', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await registerThroughUi(page, 'ada_stats');
    await page.goto('/profile');

    const stats = page.getByRole('region', { name: 'Player stats' });
    // Each stat is a term and its value, grouped in a <div> of the description list.
    const stat = (label: string) => stats.locator('dl > div').filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
    await stat('POGs held').getByText(`0 / ${LIMITS.collectionLimit}`).waitFor();
    await stat('Trade offers today').getByText(`0 / ${LIMITS.dailyTradeLimit}`).waitFor();
    await page.getByText('Creator level: 0%').waitFor();
    await page.getByText('Member since 2024').waitFor();
    const firstDesign = page.getByRole('listitem', { name: 'First Design' });
    await firstDesign.getByText('0 / 1').waitFor();
    // The groups in the spec's order.
    const groups = await page.getByRole('region', { name: / achievements$/ }).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    expect(groups).toEqual(['Collection achievements', 'Creation achievements', 'Trading achievements', 'Battles achievements', 'Streaks achievements']);

    // A POG created elsewhere (another tab, here the API with the same cookies) while the profile is open.
    const me = (await (await context.request.get('/api/user')).json()) as { id: number };
    const created = await context.request.post('/api/pogs', { data: { userId: me.id, name: 'Debut', textContent: 'HI', backgroundColor1: '#0EA5E9', backgroundColor2: '#1E3A8A' } });
    expect(created.status()).toBe(201);
    await firstDesign.getByText('Completed').waitFor();
    // Scoring is the worker's: a design that scores rare or better also completes Rare Find. Wait
    // until both settle, then the open page must show what the server says.
    const pog = (await created.json()) as { id: number };
    const scored = async () => ((await (await context.request.get(`/api/pogs/${pog.id}`)).json()) as { pointsPending: boolean; rarity: string });
    await expect.poll(async () => (await scored()).pointsPending, { timeout: 15_000 }).toBe(false);
    if (['rare', 'epic', 'legendary'].includes((await scored()).rarity)) {
      await page.getByRole('listitem', { name: 'Rare Find' }).getByText('Completed').waitFor();
    }
    const server = (await (await context.request.get(`/api/users/${me.id}/stats`)).json()) as { pogCount: number; collectionLimit: number; dailyCreationCount: number; dailyCreationLimit: number };
    expect(server.pogCount).toBe(1);
    // First Design's reward (and Rare Find's, when it came): more creations a day.
    expect(server.dailyCreationLimit).toBeGreaterThanOrEqual(LIMITS.dailyCreationLimit + 1);
    await stat('POGs held').getByText(`1 / ${server.collectionLimit}`).waitFor();
    await stat('Created today').getByText(`1 / ${server.dailyCreationLimit}`).waitFor();
    await page.getByText('Creator level: 5%').waitFor();
    await snapshot(page, 'profile-achievements');

    await page.getByRole('tab', { name: 'Collection' }).click();
    await page.getByRole('link', { name: 'View Collection' }).click();
    await page.waitForURL('**/collection');
  });
});
