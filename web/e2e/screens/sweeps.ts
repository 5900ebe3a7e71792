/**
 * The screen sweeps: a visitor's, a player's and an admin's screens,
 * each with its dialogs and popovers open, audited on each (./sweep). The test files run them:
 * ./visitor-admin.test.ts, ./player-desktop.test.ts and ./player-phone.test.ts, three files so that
 * they run side by side, each with its own app and world.
 */
import { beforeAll, describe, it } from 'vitest';
import { E2E_ADMIN_PASSWORD, hasChromium, useE2E, type E2E } from '../harness';
import { Sweep, heading, picture } from './sweep';
import { buildWorld, PASSWORD, post, type Size, type World } from './world';

/** Signed out: the landing page, Explore with a POG open, a battle's verify page, sign-in and register, admin sign-in, the redirect of a player screen, and the 404. */
export async function visitorSweep(e2e: E2E, world: World, size: Size): Promise<void> {
  const sweep = new Sweep(await e2e.newPage(size.options), 'visitor');
  const { page } = sweep;
  await sweep.visit('/', (p) => p.getByRole('link', { name: 'Start playing' }));
  await sweep.gameGuide('/');
  await sweep.visit('/explore', heading('Discover Pogs'));
  const detail = await sweep.dialog('/explore', () => page.getByRole('button', { name: /^View Sweep Disc/ }).click(), 'Sweep Disc');
  await sweep.closeDialog(detail);
  await sweep.visit(`/battle/${world.finishedBattle.id}/verify`, (p) => p.getByTestId('verify-verdict'));
  await sweep.visit('/auth', (p) => p.getByRole('tab', { name: 'Login', selected: true }));
  await page.getByRole('tab', { name: 'Register' }).click();
  await sweep.check('/auth register');
  await sweep.visit('/admin-login', heading('Admin Login'));
  // A player screen sends a visitor to /auth.
  await page.goto('/battle-refactored');
  await page.waitForURL('**/auth');
  await sweep.visit('/no-such-page', heading('404 Page Not Found'));
  await sweep.finish();
}

/** As a player: every screen of the route table with its tabs, dialogs and header menus. */
export async function playerSweep(e2e: E2E, world: World, size: Size): Promise<void> {
  const context = await e2e.newContext(size.options);
  await post(context, '/api/login', { username: 'sweeper', password: PASSWORD });
  const sweep = new Sweep(await context.newPage(), 'player');
  const { page } = sweep;

  await sweep.visit('/explore', heading('Explore Pogs'));
  await sweep.headerMenus('/explore', size.name === 'phone');
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
  await sweep.visit(`/battle/${world.finishedBattle.id}/verify`, (p) => p.getByTestId('verify-verdict'));

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
}

/** As an admin who is also signed in as a player: the panel under the full header, each tab and dialog. */
export async function adminSweep(e2e: E2E, size: Size): Promise<void> {
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
  // Delete spammer's confirmation, with what it would remove (nothing is removed: it is only opened).
  await moderate.getByRole('button', { name: 'Delete spammer' }).click();
  await moderate.getByTestId('spammer-consequences').waitFor();
  await sweep.check('/admin users + Delete spammer');
  await sweep.closeDialog(moderate);
  await sweep.finish();
}

/**
 * A test file of its own for the player's sweep at one size (the longest sweeps: each file has its
 * own app, so the two sizes run side by side).
 */
export function describePlayerSweep(size: Size): void {
  describe.skipIf(!hasChromium())(`every screen as a player on a ${size.name}: accessibility, phone layout and CSP [needs Chromium]`, () => {
    const e2e = useE2E();
    let world: World;

    beforeAll(async () => {
      world = await buildWorld(e2e);
    });

    // Some forty screens and dialogs, each audited at the size: longer than a test's default minute on a busy machine.
    it(`as a player, on a ${size.name}`, () => playerSweep(e2e, world, size), 180_000);
  });
}
