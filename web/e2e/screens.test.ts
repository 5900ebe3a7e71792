/**
 * Every screen of the route table, signed out, as a player and as an admin, with each dialog and
 * popover open, on a desktop and on a 390x844 phone (issue 13 §2-3, issue 11 §8): axe-core finds no
 * serious or critical violation, nothing scrolls sideways, and the Content-Security-Policy is never
 * violated. The harness runs the same checks at the end of every other browser test.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { Battle, Pog, User } from '@pog/common';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, assertNoFindings, auditPage } from './audit';
import { E2E_ADMIN_PASSWORD, hasChromium, useE2E, type E2E } from './harness';

const PASSWORD = 'secret123';

const SIZES: ReadonlyArray<{ name: string; options: BrowserContextOptions }> = [
  { name: 'desktop', options: { viewport: DESKTOP_VIEWPORT } },
  { name: 'phone', options: { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true } },
];

interface World {
  sweeper: User;
  rival: User;
  /** A completed battle between two other players: public record, so anyone may open it. */
  finishedBattle: Battle;
}

async function post<T>(context: BrowserContext, path: string, data?: unknown): Promise<T> {
  const response = await context.request.post(path, { data });
  if (response.status() >= 300) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function player(e2e: E2E, username: string, pog: Record<string, string>): Promise<{ context: BrowserContext; user: User; pog: Pog }> {
  const context = await e2e.newContext();
  const user = await post<User>(context, '/api/register', { username, password: PASSWORD });
  return { context, user, pog: await post<Pog>(context, '/api/pogs', { userId: user.id, ...pog }) };
}

/**
 * A world with something on every screen: a pending trade offer and a pending challenge for the
 * player, a declined battle in their history, a completed battle to open, and a flagged POG.
 */
async function buildWorld(e2e: E2E): Promise<World> {
  const [sweeper, rival, champ, duelist, rowdy] = await Promise.all([
    player(e2e, 'sweeper', { name: 'Sweep Disc', textContent: 'SWEEP', backgroundColor1: '#0EA5E9', backgroundColor2: '#1E3A8A' }),
    player(e2e, 'rival', { name: 'Rival Disc', textContent: 'RIVAL', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
    player(e2e, 'champ', { name: 'Champ Disc', textContent: 'CHAMP' }),
    player(e2e, 'duelist', { name: 'Duel Disc', textContent: 'DUEL' }),
    // Blocklisted text: the worker flags it for the admin queue.
    player(e2e, 'rowdy', { name: 'Sh1t happens', textContent: 'OOPS' }),
  ]);
  await post(rival.context, '/api/trades', { fromUserId: rival.user.id, toUserId: sweeper.user.id, offerPogId: rival.pog.id, requestPogId: sweeper.pog.id });
  await post(rival.context, '/api/battles', { challengerId: rival.user.id, defenderId: sweeper.user.id, challengerPogId: rival.pog.id, battleType: 'standard' });
  const declined = await post<Battle>(champ.context, '/api/battles', { challengerId: champ.user.id, defenderId: sweeper.user.id, challengerPogId: champ.pog.id, battleType: 'flip' });
  await post(sweeper.context, `/api/battles/${declined.id}/decline`);
  const fought = await post<Battle>(champ.context, '/api/battles', { challengerId: champ.user.id, defenderId: duelist.user.id, challengerPogId: champ.pog.id, battleType: 'championship' });
  await post(duelist.context, `/api/battles/${fought.id}/accept`, { defenderPogId: duelist.pog.id });
  const finishedBattle = await post<Battle>(champ.context, `/api/battles/${fought.id}/complete`);

  await post(rowdy.context, '/api/admin/auth', { password: E2E_ADMIN_PASSWORD });
  const flagged = async () => ((await (await rowdy.context.request.get('/api/admin/pogs/flagged')).json()) as unknown[]).length > 0;
  for (let attempt = 0; !(await flagged()); attempt += 1) {
    if (attempt === 120) throw new Error('The worker never flagged the blocklisted POG');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await Promise.all([sweeper, rival, champ, duelist, rowdy].map(({ context }) => context.close()));
  return { sweeper: sweeper.user, rival: rival.user, finishedBattle };
}

/** A small picture for the crop dialog. */
function picture(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff6b00' } }).png().toBuffer();
}

/** Nothing on the page still says it is loading. */
async function settled(page: Page): Promise<void> {
  const loading = page.locator('[role="status"]').filter({ hasText: /Loading|Checking/ });
  await expect.poll(() => loading.count(), { timeout: 15_000 }).toBe(0);
}

/** Collects the findings of every screen visited, and fails once at the end with all of them. */
class Sweep {
  readonly findings: string[] = [];
  constructor(
    readonly page: Page,
    private readonly role: string,
  ) {}

  async check(where: string): Promise<void> {
    await settled(this.page);
    this.findings.push(...(await auditPage(this.page, `${this.role} ${where}`)));
  }

  /** Opens a screen, waits for what shows it is there, and checks it. */
  async visit(path: string, ready: (page: Page) => Locator): Promise<void> {
    await this.page.goto(path);
    await ready(this.page).first().waitFor();
    await this.check(path);
  }

  /** Opens a dialog, checks the page with it open, and closes it with Escape. */
  async dialog(where: string, open: () => Promise<unknown>, name: string | RegExp): Promise<Locator> {
    await open();
    const dialog = this.page.getByRole('dialog', { name });
    await dialog.waitFor();
    await this.check(`${where} + dialog ${String(name)}`);
    return dialog;
  }

  async closeDialog(dialog: Locator): Promise<void> {
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  /** The header's popovers and menus, which every signed-in screen has. */
  async headerMenus(where: string, phone: boolean): Promise<void> {
    const page = this.page;
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('region', { name: 'Notifications' }).waitFor();
    await this.check(`${where} + notifications`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('region', { name: 'User menu' }).waitFor();
    await this.check(`${where} + user menu`);
    await page.keyboard.press('Escape');
    if (phone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      await this.check(`${where} + mobile menu`);
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
  }

  /** The game guide: each of its tabs. */
  async gameGuide(where: string): Promise<void> {
    const guide = await this.dialog(where, () => this.page.getByRole('button', { name: 'Help' }).click(), 'Pog Federation Game Guide');
    for (const tab of ['Creation', 'Trading', 'Battles']) {
      await guide.getByRole('tab', { name: tab }).click();
      await this.check(`${where} + game guide ${tab}`);
    }
    await this.closeDialog(guide);
  }

  /** Closes the page (the end-of-test checks need not see it again) and fails with all findings. */
  async finish(): Promise<void> {
    await this.page.close();
    assertNoFindings(this.findings);
  }
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });

describe.skipIf(!hasChromium())('every screen: accessibility, phone layout and CSP [needs Chromium]', () => {
  const e2e = useE2E();
  let world: World;

  beforeAll(async () => {
    world = await buildWorld(e2e);
  });

  for (const size of SIZES) {
    const phone = size.name === 'phone';

    it(`signed out, on a ${size.name}`, async () => {
      const sweep = new Sweep(await e2e.newPage(size.options), 'visitor');
      const { page } = sweep;
      await sweep.visit('/', (p) => p.getByRole('link', { name: 'Start playing' }));
      await sweep.gameGuide('/');
      await sweep.visit('/explore', heading('Discover Pogs'));
      const detail = await sweep.dialog('/explore', () => page.getByRole('button', { name: /^View Sweep Disc/ }).click(), 'Sweep Disc');
      await sweep.closeDialog(detail);
      await sweep.visit('/auth', (p) => p.getByRole('tab', { name: 'Login', selected: true }));
      await page.getByRole('tab', { name: 'Register' }).click();
      await sweep.check('/auth register');
      await sweep.visit('/admin-login', heading('Admin Login'));
      // A player screen sends a visitor to /auth.
      await page.goto('/battle-refactored');
      await page.waitForURL('**/auth');
      await sweep.visit('/no-such-page', heading('404 Page Not Found'));
      await sweep.finish();
    });

    it(`as a player, on a ${size.name}`, async () => {
      const context = await e2e.newContext(size.options);
      await post(context, '/api/login', { username: 'sweeper', password: PASSWORD });
      const sweep = new Sweep(await context.newPage(), 'player');
      const { page } = sweep;

      await sweep.visit('/explore', heading('Explore Pogs'));
      await sweep.headerMenus('/explore', phone);
      await sweep.gameGuide('/explore');
      await page.getByRole('tab', { name: 'Recently Created' }).click();
      await sweep.check('/explore recent');
      const detail = await sweep.dialog('/explore', () => page.getByRole('button', { name: /^View Rival Disc/ }).click(), 'Rival Disc');
      await sweep.closeDialog(detail);
      const rivalCard = page.getByRole('article', { name: 'Rival Disc', exact: true });
      await rivalCard.hover();
      const trade = await sweep.dialog('/explore', () => rivalCard.getByRole('button', { name: 'Trade Rival Disc' }).click(), 'Trade POGs');
      await sweep.closeDialog(trade);

      await sweep.visit('/create', (p) => p.getByRole('tab', { name: 'Creator Studio', selected: true }));
      const templates = await sweep.dialog('/create', () => page.getByRole('button', { name: 'Use Template' }).click(), 'Use Template');
      await sweep.closeDialog(templates);
      await page.getByLabel('Image file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await picture() });
      const crop = page.getByRole('dialog', { name: 'Crop Image' });
      await crop.waitFor();
      await sweep.check('/create + dialog Crop Image');
      await crop.getByRole('button', { name: 'Cancel' }).click();
      await crop.waitFor({ state: 'detached' });
      for (const tab of ['My Collection', 'Trade Center']) {
        await page.getByRole('tab', { name: tab }).click();
        await sweep.check(`/create ${tab}`);
      }

      await sweep.visit('/collection', heading('My Collection'));
      const ownCard = page.getByRole('article', { name: 'Sweep Disc', exact: true });
      await ownCard.hover();
      const remove = await sweep.dialog('/collection', () => ownCard.getByRole('button', { name: 'Delete Sweep Disc' }).click(), 'Delete POG?');
      await remove.getByRole('button', { name: 'Cancel' }).click();
      await remove.waitFor({ state: 'detached' });
      await ownCard.hover();
      const offer = await sweep.dialog('/collection', () => ownCard.getByRole('button', { name: 'Trade Sweep Disc' }).click(), 'Trade POGs');
      await offer.getByRole('combobox', { name: 'Trade With' }).selectOption({ label: 'rival' });
      await offer.getByRole('button', { name: /Rival Disc/ }).first().waitFor();
      await sweep.check('/collection + trade dialog with a player chosen');
      await sweep.closeDialog(offer);

      await sweep.visit('/trade', heading('Trade Center'));
      await page.getByRole('article', { name: 'Offer from rival' }).waitFor();
      const newTrade = await sweep.dialog('/trade', () => page.getByRole('button', { name: 'New Trade' }).click(), 'Trade POGs');
      await sweep.closeDialog(newTrade);
      await page.getByRole('tab', { name: 'History' }).click();
      await sweep.check('/trade history');

      await sweep.visit('/battle', heading('Battle Arena'));
      await page.getByRole('tab', { name: /My Battles/ }).click();
      const challenge = page.getByRole('article', { name: 'Battle between rival and sweeper' });
      const accept = await sweep.dialog('/battle My Battles', () => challenge.getByRole('button', { name: 'Accept' }).click(), /Accept/);
      await sweep.closeDialog(accept);
      await page.getByRole('tab', { name: 'Battle History' }).click();
      await page.getByRole('article', { name: 'Battle between champ and sweeper' }).waitFor();
      await sweep.check('/battle history');
      await sweep.visit(`/battle?battle=${world.finishedBattle.id}`, (p) => p.getByRole('dialog', { name: `Battle #${world.finishedBattle.id}` }));

      await sweep.visit('/battle-refactored', heading('Battle Arena'));
      for (const tab of ['Create Battle', 'Battle History']) {
        await page.getByRole('tab', { name: tab }).click();
        await sweep.check(`/battle-refactored ${tab}`);
      }

      await sweep.visit('/profile', (p) => p.getByText('@sweeper'));
      for (const tab of ['Collection', 'Battles']) {
        await page.getByRole('tab', { name: tab }).click();
        await sweep.check(`/profile ${tab}`);
      }

      await sweep.visit('/explore-user', heading('Players'));
      await sweep.visit(`/explore-user?id=${world.rival.id}`, (p) => p.getByRole('heading', { name: /rival/ }));
      await sweep.visit('/assistant', heading('Game Guide'));
      await page.getByRole('tab', { name: 'Example Questions' }).click();
      await sweep.check('/assistant examples');
      await sweep.visit('/no-such-page', heading('404 Page Not Found'));
      await sweep.finish();
    });

    it(`as an admin, on a ${size.name}`, async () => {
      // An admin who is also signed in as a player: the panel under the full header.
      const context = await e2e.newContext(size.options);
      await post(context, '/api/admin/auth', { password: E2E_ADMIN_PASSWORD });
      await post(context, '/api/login', { username: 'rival', password: PASSWORD });
      const sweep = new Sweep(await context.newPage(), 'admin');
      const { page } = sweep;

      await sweep.visit('/admin', heading('Admin Panel'));
      const flagged = page.getByRole('list', { name: 'Flagged POGs' }).getByRole('article', { name: 'Sh1t happens' });
      await flagged.getByText('Flagged', { exact: true }).waitFor();
      const review = await sweep.dialog('/admin flagged', () => flagged.getByRole('button', { name: /Review/ }).click(), 'Moderate POG');
      await sweep.closeDialog(review);
      await page.getByRole('tab', { name: 'All POGs' }).click();
      await page.getByRole('list', { name: 'All POGs' }).getByRole('article').first().waitFor();
      await sweep.check('/admin all');
      await page.getByRole('tab', { name: 'Users' }).click();
      const row = page.getByRole('row').filter({ hasText: 'sweeper' });
      const moderate = await sweep.dialog('/admin users', () => row.getByRole('button', { name: 'Moderate' }).click(), 'Moderate User');
      await sweep.closeDialog(moderate);
      await sweep.finish();
    });
  }

  it('offers a skip link as the first stop of the keyboard, which moves focus past the header', async () => {
    const page = await e2e.newPage();
    await page.goto('/explore');
    await heading('Discover Pogs')(page).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // The next stop is inside the screen, not the header's links.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/explore');
  });

  it('fails a page that breaks the rules: low contrast, sideways scroll, an inline script', async () => {
    const page = await e2e.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto('/no-such-page');
    await heading('404 Page Not Found')(page).waitFor();
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Barely readable';
      faint.style.cssText = 'color: #777; background: #666;';
      const wide = document.createElement('div');
      wide.style.width = '600px';
      wide.textContent = 'Too wide';
      document.body.prepend(faint, wide);
      const inline = document.createElement('script');
      inline.textContent = 'window.ranInline = true;';
      document.head.append(inline);
    });
    const findings = await auditPage(page, 'broken');
    expect(findings.join('\n')).toMatch(/color-contrast/);
    expect(findings.join('\n')).toMatch(/sideways scroll: document is 600px wide in a 390px window/);
    // The CSP stopped the script, and the page reported it.
    expect(await page.evaluate(() => 'ranInline' in window)).toBe(false);
    const reported: string[] = [];
    await expect.poll(() => (reported.push(...e2e.takeCspViolations().map((v) => v.directive)), reported)).toContain('script-src-elem');
    // Leave nothing for the end-of-test checks, which would (rightly) fail this page too.
    await page.close();
    e2e.takeCspViolations();
  });
});
