/**
 * Another player's page (/explore-user?id=): reached from a POG card's creator name, it shows their
 * profile header and POGs, opens the Trade dialog in place, and its Challenge button lands on the
 * Battle Arena with them preselected. Your own page offers no Challenge, and the page without an id
 * is a searchable player picker.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hasChromium, playerWithPog, snapshot, useE2E } from './harness';

const pogCard = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const header = (page: Page) => page.getByRole('region', { name: 'Profile' });

describe.skipIf(!hasChromium())('a player page in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('opens from a creator name, trades in place, challenges into the arena, and offers no Challenge on your own page', async () => {
    const pipContext = await e2e.newContext();
    const [pip, bruno] = await Promise.all([
      playerWithPog(pipContext, 'pip', { name: 'Comet', textContent: 'ZOOM', backgroundColor1: '#22C55E', backgroundColor2: '#14532D' }),
      playerWithPog(await e2e.newContext(), 'bruno', { name: 'Boulder', textContent: 'ROCK', backgroundColor1: '#A8A29E', backgroundColor2: '#292524' }),
    ]);

    // Pip finds Bruno's POG in Explore and follows the creator's name on its card.
    const page = await pipContext.newPage();
    await page.goto('/explore');
    // Choosing Bruno as the creator filter also offers his page.
    await page.getByRole('combobox', { name: 'Creator' }).selectOption(String(bruno.userId));
    await page.getByRole('link', { name: "View @bruno's player page" }).waitFor();
    const exploreCard = pogCard(page.getByRole('tabpanel'), 'Boulder');
    await exploreCard.getByRole('link', { name: '@bruno' }).click();
    await page.waitForURL((url) => url.pathname === '/explore-user' && url.searchParams.get('id') === String(bruno.userId));

    // Bruno's header and POGs.
    await header(page).getByRole('heading', { name: 'bruno', level: 1 }).waitFor();
    await header(page).getByText('@bruno').waitFor();
    expect(await header(page).getByText('Admin', { exact: true }).count()).toBe(0);
    const pogs = page.getByRole('list', { name: "bruno's POGs" });
    const card = pogCard(pogs, 'Boulder');
    await card.waitFor();
    expect(await pogCard(pogs, 'Comet').count()).toBe(0);
    await snapshot(page, 'player-profile-other');

    // The detail dialog names the creator and the owner as links to their page, and following one closes it.
    await card.getByRole('button', { name: 'View Boulder' }).click();
    const detail = page.getByRole('dialog', { name: 'Boulder' });
    const nameLinks = detail.getByRole('link', { name: '@bruno' });
    await nameLinks.first().waitFor();
    expect(await nameLinks.count()).toBe(2);
    expect(await nameLinks.first().getAttribute('href')).toBe(`/explore-user?id=${bruno.userId}`);
    await nameLinks.first().click();
    await detail.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(bruno.userId));

    // Trade opens the dialog right here, Bruno's POG already requested.
    await card.hover();
    await card.getByRole('button', { name: 'Trade Boulder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trade POGs' });
    await dialog.getByRole('button', { name: 'Request Boulder', pressed: true }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Trade With' }).inputValue()).toBe(String(bruno.userId));
    expect(new URL(page.url()).pathname).toBe('/explore-user');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Challenge lands on the arena with Bruno preselected.
    await header(page).getByRole('link', { name: 'Challenge bruno to a battle' }).click();
    await page.waitForURL((url) => url.pathname === '/battle' && url.searchParams.get('opponent') === String(bruno.userId));
    const opponent = page.getByLabel('Opponent');
    await opponent.waitFor();
    expect(await opponent.inputValue()).toBe(String(bruno.userId));

    // Pip's own page: a way to the Profile, no Challenge anywhere.
    await page.goto(`/explore-user?id=${pip.userId}`);
    await header(page).getByText('@pip').waitFor();
    await pogCard(page.getByRole('list', { name: "pip's POGs" }), 'Comet').waitFor();
    await header(page).getByRole('link', { name: 'Go to My Profile' }).waitFor();
    expect(await page.getByRole('link', { name: /^Challenge / }).count()).toBe(0);
  });

  it('lists players to search and pick from, and says when a player does not exist', async () => {
    const context = await e2e.newContext();
    const [, rival] = await Promise.all([
      playerWithPog(context, 'picker', { name: 'Pebble', textContent: 'PICK' }),
      playerWithPog(await e2e.newContext(), 'zelda_rival', { name: 'Triforce', textContent: 'TRI' }),
    ]);
    const page = await context.newPage();

    await page.goto('/explore-user?id=abc');
    const players = page.getByRole('list', { name: 'Players' });
    await players.getByRole('link', { name: /zelda_rival/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Search players' }).fill('ZELDA');
    await page.waitForFunction(() => !document.body.textContent?.includes('@picker'));
    await players.getByRole('link', { name: /zelda_rival/ }).click();
    await page.waitForURL((url) => url.searchParams.get('id') === String(rival.userId));
    await header(page).getByText('@zelda_rival').waitFor();

    await page.goto('/explore-user?id=987654');
    await page.getByRole('heading', { name: 'Player not found' }).waitFor();
    await page.getByRole('link', { name: 'Browse players' }).click();
    await page.getByRole('searchbox', { name: 'Search players' }).fill('nobody at all');
    await page.getByText('No players match your search.').waitFor();
  });
});
