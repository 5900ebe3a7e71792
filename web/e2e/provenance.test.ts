/**
 * The additions to the spec in a browser: a POG's page (public, reached from cards and dialogs, with its
 * history and the tags a shared link previews with), player pages from the menu, 'Mark all read'
 * in the bell with the count following live in another tab, and the collection's sort and slots.
 */
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, APIResponse, BrowserContext, Locator, Page } from 'playwright-core';
import type { NotificationList, Pog } from '@pog/common';
import { giveAnotherPog } from './factories';
import { hasChromium, playerWithPog, useE2E } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const bellCount = (page: Page) => page.getByRole('button', { name: /^Notifications/ }).getByTestId('unread-count');
const shownCount = async (page: Page) => ((await bellCount(page).count()) ? Number(await bellCount(page).textContent()) : 0);
const serverUnread = async (request: APIRequestContext) => ((await (await request.get('/api/notifications')).json()) as NotificationList).unreadCount;

async function ok(response: Promise<APIResponse>, what: string): Promise<APIResponse> {
  const res = await response;
  if (res.status() >= 300) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res;
}

/** The fact shown beside a term on the POG page. */
const fact = (page: Page, term: string) => page.getByRole('definition').filter({ has: page.locator(`xpath=preceding-sibling::dt[1][normalize-space()="${term}"]`) });

describe.skipIf(!hasChromium())('POG pages, player pages, the bell and the collection [needs Chromium]', () => {
  const e2e = useE2E();

  async function tradedPair(prefix: string): Promise<{ alice: BrowserContext; bob: BrowserContext; comet: Pog; tide: Pog; aliceId: number }> {
    const alice = await e2e.newContext();
    const bob = await e2e.newContext();
    const [a, b] = await Promise.all([
      playerWithPog(alice, `${prefix}alice`, { name: 'Comet Tail', textContent: 'ZOOM', backgroundColor1: '#F97316', backgroundColor2: '#1E3A8A' }),
      playerWithPog(bob, `${prefix}bob`, { name: 'Tide Disc', textContent: 'SEA', backgroundColor1: '#06B6D4', backgroundColor2: '#7F1D1D' }),
    ]);
    const offer = await ok(alice.request.post('/api/trades', { data: { fromUserId: a.userId, toUserId: b.userId, offerPogId: a.pog.id, requestPogId: b.pog.id } }), 'offer');
    const trade = (await offer.json()) as { id: number };
    await ok(bob.request.patch(`/api/trades/${trade.id}/status`, { data: { status: 'accepted' } }), 'accept');
    return { alice, bob, comet: a.pog, tide: b.pog, aliceId: a.userId };
  }

  it('shows a POG\'s page to a visitor, with its story, and names it for shared links', async () => {
    const { comet, tide } = await tradedPair('prov');
    const visitor = await e2e.newPage();
    await visitor.goto(`/pog/${comet.id}`);
    await visitor.getByRole('heading', { name: 'Comet Tail', level: 1 }).waitFor();
    await expect.poll(() => visitor.title()).toBe('Comet Tail · Pog Federation');
    expect(await fact(visitor, 'Creator').textContent()).toBe('@provalice');
    expect(await fact(visitor, 'Holder').textContent()).toBe('@provbob');
    expect(await fact(visitor, 'Supply').textContent()).toMatch(/^1 of \d+ trades? used$/);
    expect(await fact(visitor, 'Cooldown').textContent()).toMatch(/^On cooldown for \d+ minutes?$/);
    const history = visitor.getByRole('list', { name: 'History' }).getByRole('listitem');
    expect(await history.locator('p').allTextContents()).toEqual(['Created by @provalice.', 'Traded by @provalice to @provbob for Tide Disc.']);
    // Player pages need a session: a visitor reads names, not links; the other POG is a link.
    expect(await history.getByRole('link', { name: '@provalice' }).count()).toBe(0);
    await history.getByRole('link', { name: 'Tide Disc' }).click();
    await visitor.waitForURL(`**/pog/${tide.id}`);
    await visitor.getByRole('heading', { name: 'Tide Disc', level: 1 }).waitFor();

    // What a link preview reads: the server's own HTML, before any script runs.
    const html = await (await visitor.request.get(`/pog/${comet.id}`)).text();
    expect(html).toContain('<title>Comet Tail · Pog Federation</title>');
    expect(html).toContain('<meta property="og:title" content="Comet Tail · Pog Federation" />');
    expect(html).toMatch(/<meta property="og:description" content="Comet Tail, an? \w+ POG( \(\d+ PTS\))? by @provalice, held by @provbob\." \/>/);
    expect(html).toContain(`/pog/${comet.id}" />`);

    await visitor.goto('/pog/999999999');
    await visitor.getByRole('heading', { name: 'POG not found', level: 1 }).waitFor();
  });

  it('links to a POG\'s page from the collection card and the Explore dialog, and to players from their names and the menu', async () => {
    const { alice, comet, aliceId } = await tradedPair('link');
    const page = await alice.newPage();
    await page.goto('/collection');
    await card(page, 'Tide Disc').getByRole('link', { name: 'Tide Disc' }).click();
    await page.waitForURL(/\/pog\/\d+$/);
    await page.getByRole('heading', { name: 'Tide Disc', level: 1 }).waitFor();
    // Signed in, names lead to player pages.
    await fact(page, 'Creator').getByRole('link', { name: '@linkbob' }).waitFor();

    await page.goto('/explore');
    await page.getByRole('tab', { name: 'Recently Created' }).click();
    // The first test made a Comet Tail too; Recently Created shows this test's, the newest, first.
    await card(page, 'Comet Tail').first().getByRole('button', { name: /^View Comet Tail/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Comet Tail' });
    await dialog.getByRole('link', { name: 'Its page and history' }).click();
    await page.waitForURL(`**/pog/${comet.id}`);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'History' }).getByRole('link', { name: '@linkalice' }).first().click();
    await page.waitForURL(`**/explore-user?id=${aliceId}`);

    await page.goto('/collection');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Players' }).click();
    await page.waitForURL('**/explore-user');
  });

  it('marks all read from the bell, and another tab\'s count follows live', async () => {
    const reader = await e2e.newContext();
    const { userId, pog } = await playerWithPog(reader, 'bellreader', { name: 'Bell Disc', textContent: 'DING' });
    // Offers and withdrawals from three players: 60 notifications, more than the bell lists (50).
    for (const name of ['bellsend1', 'bellsend2', 'bellsend3']) {
      const sender = await e2e.newContext();
      const made = await playerWithPog(sender, name, { name: `${name} disc`, textContent: name });
      for (let i = 0; i < 10; i += 1) {
        const offer = await ok(sender.request.post('/api/trades', { data: { fromUserId: made.userId, toUserId: userId, offerPogId: made.pog.id, requestPogId: pog.id } }), 'offer');
        await ok(sender.request.post(`/api/trades/${((await offer.json()) as { id: number }).id}/cancel`, { data: { userId: made.userId } }), 'cancel');
      }
    }
    await expect.poll(() => serverUnread(reader.request), { timeout: 15_000 }).toBeGreaterThan(60);

    const [first, second] = [await reader.newPage(), await reader.newPage()];
    for (const tab of [first, second]) {
      await tab.goto('/collection');
      await expect.poll(() => shownCount(tab), { timeout: 15_000 }).toBeGreaterThan(60);
    }
    // Opening the bell marks the 50 it shows read; the rest stay unread, in both tabs.
    await first.getByRole('button', { name: /^Notifications/ }).click();
    const panel = first.getByRole('region', { name: 'Notifications' });
    await expect.poll(() => serverUnread(reader.request), { timeout: 15_000 }).toBeLessThan(20);
    const left = await serverUnread(reader.request);
    expect(left).toBeGreaterThan(0);
    await expect.poll(() => shownCount(first)).toBe(left);
    await expect.poll(() => shownCount(second), { timeout: 15_000 }).toBe(left);

    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await bellCount(first).waitFor({ state: 'detached' });
    // The other tab never reloaded: the server told it.
    await bellCount(second).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await serverUnread(reader.request)).toBe(0);
    expect(await panel.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
  });

  it('sorts the collection by newest, rarity, points and name, and counts its slots', async () => {
    const owner = await e2e.newContext();
    const { userId } = await playerWithPog(owner, 'sorter', { name: 'Alpha', textContent: 'A', backgroundColor1: '#22C55E', backgroundColor2: '#111827' });
    // The second POG is handed to the player in the app's database: creating it waits out the creation cooldown.
    await giveAnotherPog(e2e, owner, userId, { name: 'zulu', textContent: 'ZULU ZAP', fontFamily: 'Roboto Condensed', textColor: '#FDE047', backgroundColor1: '#7C3AED', backgroundColor2: '#F97316' });
    const scored = async () => ((await (await owner.request.get(`/api/users/${userId}/pogs`)).json()) as Pog[]).filter((p) => !p.pointsPending);
    await expect.poll(async () => (await scored()).length, { timeout: 15_000 }).toBe(2);
    const pogs = await scored();
    const RANKS = ['common', 'uncommon', 'rare', 'epic', 'legendary'];
    const namesBy = (compare: (a: Pog, b: Pog) => number) => [...pogs].sort((a, b) => compare(a, b) || a.name.localeCompare(b.name)).map((p) => p.name);

    const page = await owner.newPage();
    await page.goto('/collection');
    const grid = page.getByRole('list', { name: 'My Collection' });
    const shown = () => grid.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    await expect.poll(shown).toEqual(['zulu', 'Alpha']);
    // The limit is the player's own: 6 plus the rewards of achievements (a first creation earns one).
    const stats = (await (await owner.request.get(`/api/users/${userId}/stats`)).json()) as { collectionLimit: number };
    expect(stats.collectionLimit).toBeGreaterThanOrEqual(6);
    await expect.poll(() => page.getByTestId('collection-slots').textContent()).toBe(`Slots: 2 of ${stats.collectionLimit}`);

    const sortBy = page.getByLabel('Sort by');
    await sortBy.selectOption({ label: 'Name' });
    await expect.poll(shown).toEqual(['Alpha', 'zulu']);
    await sortBy.selectOption({ label: 'Points' });
    await expect.poll(shown).toEqual(namesBy((a, b) => b.points! - a.points!));
    await sortBy.selectOption({ label: 'Rarity' });
    await expect.poll(shown).toEqual(namesBy((a, b) => RANKS.indexOf(b.rarity) - RANKS.indexOf(a.rarity) || b.points! - a.points!));
    await sortBy.selectOption({ label: 'Newest' });
    await expect.poll(shown).toEqual(['zulu', 'Alpha']);
  }, 120_000);
});
