/**
 * Telling players what matters, in a real browser against the real app: the empty
 * Explore's invitation, the studio's limits and cooldown countdown, the catalogue titles of limit
 * refusals, the player's own limits in the guide, toasts for incoming offers and challenges, coin
 * flips in heads and tails with the battle reveal, discs that never break a word, reports reaching
 * the moderators live with the whole history and a confirmed Delete, live sign-ups on the Users tab,
 * and one initials rule. The first test runs on the empty game this file's app starts with.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Battle, NotificationList, Trade, User, UserStats } from '@pog/common';
import { DESKTOP_VIEWPORT, assertNoFindings, auditAtBothSizes } from './audit';
import { E2E_ADMIN_PASSWORD, hasChromium, playerWithPog, registerThroughUi, useE2E } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const toastRegion = (page: Page) => page.getByRole('region', { name: /^Alerts/ });

async function post<T>(context: BrowserContext, path: string, data?: unknown): Promise<T> {
  const response = await context.request.post(path, { data });
  if (response.status() >= 300) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function register(context: BrowserContext, username: string): Promise<User> {
  return post<User>(context, '/api/register', { username, password: 'secret123' });
}

async function statsOf(context: BrowserContext, userId: number): Promise<UserStats> {
  return (await (await context.request.get(`/api/users/${userId}/stats`)).json()) as UserStats;
}

/** Every upper-case word shown alone in a span (a disc's text) that spreads over more than one line. */
async function brokenWords(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const span of document.querySelectorAll('span')) {
      const text = span.textContent ?? '';
      if (span.children.length > 0 || !/^[A-Z]{3,}$/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(span);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) problems.push(`${text} on ${tops.size} lines`);
    }
    return problems;
  });
}

/** axe and the phone layout on the page as it is now (a dialog open), then back to the desktop size. */
async function auditHere(page: Page, where: string): Promise<void> {
  const findings = await auditAtBothSizes(page, where);
  await page.setViewportSize(DESKTOP_VIEWPORT);
  assertNoFindings(findings);
}

describe.skipIf(!hasChromium())('telling players what matters [needs Chromium]', () => {
  const e2e = useE2E();

  it('invites a new player to create on an empty Explore, and keeps the search text when a search finds nothing', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'firstcomer');
    await page.goto('/explore');
    const invite = page.getByRole('link', { name: 'Create Your First POG' }).first();
    await invite.waitFor();
    await page.getByText('No POGs yet').first().waitFor();
    expect(await page.getByText('No POGs match your search.').count()).toBe(0);
    await page.getByRole('search', { name: 'Filter POGs' }).getByRole('searchbox', { name: 'Search', exact: true }).fill('nothing like this');
    await page.getByText('No POGs match your search.').first().waitFor();
    await page.getByRole('search', { name: 'Filter POGs' }).getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    await invite.click();
    await page.waitForURL('**/create');
  });

  it('shows creations left, slots used and a live cooldown countdown in the studio; limit refusals toast the catalogue title', async () => {
    const context = await e2e.newContext();
    const user = await register(context, 'studiouser');
    const page = await context.newPage();
    await page.goto('/create');
    const stats = await statsOf(context, user.id);
    await page.getByText(`Creations left today: ${stats.dailyCreationLimit} of ${stats.dailyCreationLimit}`).waitFor();
    await page.getByText(`Collection slots used: 0 of ${stats.collectionLimit}`).waitFor();

    await page.getByLabel('Name').fill('Countdown Disc');
    await page.getByRole('button', { name: 'Save Pog' }).click();
    await page.getByText('Your pog has been created successfully!').waitFor();

    // The stats come back with the creation counted and the cooldown running on the Save button.
    const after = await statsOf(context, user.id);
    await page.getByText(`Collection slots used: 1 of ${after.collectionLimit}`).waitFor();
    await page.getByText(`Creations left today: ${after.dailyCreationLimit - 1} of ${after.dailyCreationLimit}`).waitFor();
    const save = page.locator('button[type="submit"]');
    await expect.poll(() => save.textContent(), { timeout: 15_000 }).toMatch(/^Save Pog \(\d+s\)$/);
    expect(await save.isDisabled()).toBe(true);
    const first = Number(/\((\d+)s\)/.exec((await save.textContent()) ?? '')![1]);
    await expect.poll(async () => Number(/\((\d+)s\)/.exec((await save.textContent()) ?? '(0s)')?.[1] ?? 0), { timeout: 15_000 }).toBeLessThan(first);
    await page.getByText(/^Creation cooldown: you can save again in \d+ seconds?\.$/).waitFor();

    // A refusal by a limit shows the catalogue's title, not 'Error' (a second player, free to save;
    // the answers are the server's own refusals, replayed, so each limit can be shown at once).
    const other = await e2e.newContext();
    await register(other, 'limitsuser');
    const studio = await other.newPage();
    await studio.goto('/create');
    const refusals = [
      { code: 'COOLDOWN', title: 'Action on Cooldown', message: 'Creation is on cooldown. You can create your next POG in 1 minute.' },
      { code: 'DAILY_LIMIT', title: 'Daily Limit Reached', message: "You've reached your daily limit of 5 new POGs. You can create again in 3h (at 00:00 UTC)." },
      { code: 'CREATION_LIMIT', title: 'Creation Limit Reached', message: "You've reached your creation limit: you hold 6 of 6 POGs. Burn an existing pog to create a new one." },
    ] as const;
    for (const refusal of refusals) {
      await studio.route('**/api/pogs', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: refusal.code === 'CREATION_LIMIT' ? 403 : 429, contentType: 'application/json', body: JSON.stringify({ code: refusal.code, message: refusal.message }) })
          : route.continue(),
      );
      await studio.getByLabel('Name').fill('Refused Disc');
      await studio.getByRole('button', { name: 'Save Pog' }).click();
      const toast = toastRegion(studio);
      await toast.getByText(refusal.title, { exact: true }).waitFor();
      await toast.getByText(refusal.message).waitFor();
      expect(await toast.getByText('Error', { exact: true }).count()).toBe(0);
      await studio.unroute('**/api/pogs');
    }
  });

  it("quotes the player's own limits in the help dialog and the PogBot guide, as the profile shows them", async () => {
    const context = await e2e.newContext();
    const { userId } = await playerWithPog(context, 'guidereader', { name: 'Guide Disc', textContent: 'READ' });
    // The first creation completes First Design: one more creation a day than the base.
    await expect.poll(async () => (await statsOf(context, userId)).completedAchievements, { timeout: 15_000 }).toBeGreaterThan(0);
    const stats = await statsOf(context, userId);
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Help' }).click();
    const guide = page.getByRole('dialog', { name: 'Pog Federation Game Guide' });
    await guide.getByRole('tab', { name: 'Creation' }).click();
    const panel = guide.getByRole('tabpanel');
    await panel.getByText(`You can hold ${stats.collectionLimit} POGs`, { exact: false }).waitFor();
    await panel.getByText(`up to ${stats.dailyCreationLimit} POGs per day`, { exact: false }).waitFor();
    await panel.getByText('Your achievements raised these from the base of 6 POGs and 5 a day.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/assistant');
    const guideTab = page.getByRole('region', { name: 'Game Guide' });
    await page.getByRole('tab', { name: 'Game Guide' }).click();
    await guideTab.getByText(`up to ${stats.dailyCreationLimit} POGs per day`, { exact: false }).waitFor();
  });

  it('toasts an incoming trade offer and battle challenge with a link to each', async () => {
    const senderContext = await e2e.newContext();
    const receiverContext = await e2e.newContext();
    const [sender, receiver] = await Promise.all([
      playerWithPog(senderContext, 'offerer', { name: 'Offer Disc', textContent: 'GIVE', backgroundColor1: '#22C55E', backgroundColor2: '#14532D' }),
      playerWithPog(receiverContext, 'receiver', { name: 'Wanted Disc', textContent: 'WANT', backgroundColor1: '#A855F7', backgroundColor2: '#3B0764' }),
    ]);
    const page = await receiverContext.newPage();
    await page.goto('/collection');
    await card(page, 'Wanted Disc').waitFor();

    const trade = await post<Trade>(senderContext, '/api/trades', { fromUserId: sender.userId, toUserId: receiver.userId, offerPogId: sender.pog.id, requestPogId: receiver.pog.id });
    const offer = toastRegion(page);
    await offer.getByText('New trade offer', { exact: true }).waitFor();
    await offer.getByText('offerer offers Offer Disc for your Wanted Disc.').waitFor();
    await offer.getByRole('button', { name: 'View offer' }).click();
    // Each link names the very offer or challenge.
    await page.waitForURL((url) => url.pathname === '/trade' && url.searchParams.get('trade') === String(trade.id));
    await page.locator(`article[data-trade-id="${trade.id}"][aria-current="true"]`).waitFor();

    const battle = await post<Battle>(senderContext, '/api/battles', { challengerId: sender.userId, defenderId: receiver.userId, challengerPogId: sender.pog.id, battleType: 'standard' });
    await toastRegion(page).getByText('New battle challenge', { exact: true }).waitFor();
    await toastRegion(page).getByText('offerer challenges you to a battle, risking Offer Disc.').waitFor();
    await toastRegion(page).getByRole('button', { name: 'View challenge' }).click();
    await page.waitForURL((url) => url.pathname === '/battle' && url.searchParams.get('battle') === String(battle.id));
    await page.getByRole('dialog', { name: `Battle #${battle.id}` }).waitFor();
  });

  it('reads a coin flip as heads and tails: the reveal, the card, the record and the notification', async () => {
    // The real reveal, in motion (the harness's contexts otherwise ask for reduced motion).
    const headsContext = await e2e.newContext({ reducedMotion: 'no-preference' });
    const tailsContext = await e2e.newContext({ reducedMotion: 'no-preference' });
    const [heads, tails] = await Promise.all([
      playerWithPog(headsContext, 'headsplayer', { name: 'Sun Coin', textContent: 'SUN', backgroundColor1: '#FACC15', backgroundColor2: '#B45309' }),
      playerWithPog(tailsContext, 'tailsplayer', { name: 'Moon Coin', textContent: 'MOON', backgroundColor1: '#64748B', backgroundColor2: '#0F172A' }),
    ]);
    const created = await post<Battle>(headsContext, '/api/battles', { challengerId: heads.userId, defenderId: tails.userId, challengerPogId: heads.pog.id, battleType: 'flip' });
    await post(tailsContext, `/api/battles/${created.id}/accept`, { defenderPogId: tails.pog.id });

    const page = await headsContext.newPage();
    await page.goto('/battle-refactored');
    const battle = page.getByRole('article', { name: 'Battle between headsplayer and tailsplayer' });
    await battle.getByText('Sun Coin · Heads').waitFor();
    await battle.getByText('Moon Coin · Tails').waitFor();
    await battle.getByRole('button', { name: 'Flip the Coin' }).click();

    // The reveal: both discs, sound off until asked for, each toss as a face, then the verdict.
    const reveal = page.getByRole('dialog', { name: 'headsplayer vs tailsplayer' });
    await reveal.waitFor();
    const sound = reveal.getByRole('switch', { name: 'Sound off' });
    expect(await sound.getAttribute('aria-checked')).toBe('false');
    await reveal.getByRole('status').filter({ hasText: /wins! The coin landed (Heads|Tails)\.$/ }).waitFor({ timeout: 10_000 });
    const log = await reveal.getByRole('list', { name: 'Tosses' }).textContent();
    expect(log).toMatch(/Toss 1: (Heads|Tails|both draws equal, tossed again)/);
    expect(log).not.toMatch(/rolled|\d+ \(/);
    const done = (await (await headsContext.request.get(`/api/battles/${created.id}`)).json()) as Battle;
    const face = done.winnerId === heads.userId ? 'Heads' : 'Tails';
    const winner = face === 'Heads' ? 'headsplayer' : 'tailsplayer';
    await toastRegion(page).getByText(`${winner} wins! The coin landed ${face}.`).waitFor();
    await auditHere(page, 'battle reveal');
    await sound.click();
    await reveal.getByRole('switch', { name: 'Sound on' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('pog.revealSound'))).toBe('on');

    // The record names the tosses by face.
    await reveal.getByRole('button', { name: 'Details and Verify' }).click();
    const record = page.getByRole('dialog', { name: `Battle #${created.id}` });
    await record.getByText(`Winner: ${winner}. The coin landed ${face}.`, { exact: false }).waitFor();
    await record.getByRole('table', { name: 'Tosses' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Battle History' }).click();
    await page.getByRole('article', { name: 'Battle between headsplayer and tailsplayer' }).getByText(`The coin landed ${face}.`).waitFor();

    // The other player is told in heads and tails too.
    const notices = (await (await tailsContext.request.get('/api/notifications')).json()) as NotificationList;
    const told = notices.items.find((item) => item.kind === 'battle.completed');
    expect(told?.body).toMatch(new RegExp(`^The coin landed ${face}: `));
  });

  it('never breaks a template word on a disc (Retro Pixel reads PIXEL on one line)', async () => {
    const context = await e2e.newContext();
    await register(context, 'pixelfan');
    const page = await context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: 'Use Template' }).click();
    const templates = page.getByRole('dialog', { name: 'Use Template' });
    await templates.waitFor();
    // The template dialog's discs first, then the studio's preview and small discs with Retro Pixel.
    expect(await brokenWords(page)).toEqual([]);
    await templates.getByRole('button', { name: 'Use the Retro Pixel template' }).click();
    await templates.waitFor({ state: 'detached' });
    expect(await brokenWords(page)).toEqual([]);
    expect(await page.getByText('PIXEL', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('sends a report to the moderators live, shows the whole history, and asks before Delete POG', async () => {
    const adminContext = await e2e.newContext();
    expect((await adminContext.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const admin = await adminContext.newPage();
    await admin.goto('/admin');
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await admin.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });

    const ownerContext = await e2e.newContext();
    await playerWithPog(ownerContext, 'reportedowner', { name: 'Shady Disc', textContent: 'SHADY', backgroundColor1: '#F43F5E', backgroundColor2: '#4C0519' });
    const reporterContext = await e2e.newContext();
    await register(reporterContext, 'tattler');
    const reporter = await reporterContext.newPage();
    await reporter.goto('/explore');
    await reporter.getByRole('button', { name: /^View Shady Disc/ }).first().click();
    const detail = reporter.getByRole('dialog', { name: 'Shady Disc' });
    await detail.getByRole('button', { name: 'Report Shady Disc' }).click();
    await detail.getByRole('button', { name: 'Send Report' }).click();
    await detail.getByText('Please say what is wrong with this POG').waitFor();
    await auditHere(reporter, 'report form');
    await detail.getByLabel('Why are you reporting this POG?').fill('It copies my design');
    await detail.getByRole('button', { name: 'Send Report' }).click();
    await toastRegion(reporter).getByText('Report sent', { exact: true }).waitFor();
    await detail.getByText('You reported this POG. A moderator will review it.').waitFor();

    // The admin's Flagged list gains it without a reload.
    const flagged = card(admin.getByRole('list', { name: 'Flagged POGs' }), 'Shady Disc');
    await flagged.waitFor({ timeout: 15_000 });
    await flagged.getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: 'Moderate POG' });
    const history = review.getByRole('list', { name: 'Moderation history entries' });
    const reportLine = history.getByRole('listitem').filter({ hasText: /^Reported by tattler/ });
    await reportLine.getByText('It copies my design').waitFor();
    // The flag the report caused is the reporter's, with the report as its reason.
    await history.getByRole('listitem').filter({ hasText: /^Flagged by tattler/ }).getByText("A player's report").waitFor();
    await review.getByLabel('Moderation Notes').fill('Looked into it: an original design.');
    await review.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('POG has been approved', { exact: true }).first().waitFor();

    await admin.getByRole('tab', { name: 'All POGs' }).click();
    await card(admin.getByRole('list', { name: 'All POGs' }), 'Shady Disc').getByRole('button', { name: 'Review' }).click();
    await history.getByText('Approved').waitFor();
    await history.getByText('Looked into it: an original design.').waitFor();
    await history.getByText(/^Reported$/).waitFor();
    expect(await history.getByText(/by Admin password session #\d+, started /).count()).toBe(1);

    // Delete POG asks first; Cancel leaves the POG alone.
    await review.getByRole('button', { name: 'Delete POG' }).click();
    await review.getByText('Delete "Shady Disc" for good? Its owner loses it and this cannot be undone.').waitFor();
    await auditHere(admin, 'moderate POG with history and delete confirmation');
    await review.getByRole('button', { name: 'Cancel' }).click();
    await review.getByRole('button', { name: 'Delete POG' }).click();
    await review.getByRole('button', { name: 'Yes, delete POG' }).click();
    await admin.getByText('POG has been deleted', { exact: true }).first().waitFor();
    await card(admin.getByRole('list', { name: 'All POGs' }), 'Shady Disc').waitFor({ state: 'detached' });
  });

  it('adds new sign-ups to the Users tab live, and every avatar uses the same initials', async () => {
    const adminContext = await e2e.newContext();
    expect((await adminContext.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const admin = await adminContext.newPage();
    await admin.goto('/admin');
    await admin.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });
    await admin.getByRole('tab', { name: 'Users' }).click();
    await admin.getByRole('table', { name: 'Users' }).waitFor();
    expect(await admin.getByRole('row').filter({ hasText: 'bobnewcomer' }).count()).toBe(0);

    const context = await e2e.newContext();
    const user = await register(context, 'bobnewcomer');
    const row = admin.getByRole('row').filter({ hasText: 'bobnewcomer' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText(`ID: ${user.id}`).waitFor();
    expect(await row.getByText('BO', { exact: true }).count()).toBe(1);

    // The header and the profile say the same initials.
    const page = await context.newPage();
    await page.goto('/profile');
    expect(await page.getByTestId('user-menu-initials').textContent()).toBe('BO');
    await page.getByRole('region', { name: 'Profile' }).getByText('BO', { exact: true }).waitFor();
    expect(user.avatarInitials).toBe('BO');
  });
});
