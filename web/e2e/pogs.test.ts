/**
 * The POG screens end to end: create from a template with a cropped upload, watch the worker's
 * rarity and points arrive live, edit from the collection, delete with confirmation, and browse.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Pog } from '@pog/common';
import { hasChromium, playerWithPog, registerThroughUi, snapshot, useE2E } from './harness';

/** A 900x600 picture with detail in it, so the crop and the scoring have something to work on. */
async function testPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#ff6b00"/><stop offset="1" stop-color="#2b00ff"/></linearGradient></defs>
    <rect width="900" height="600" fill="url(#g)"/>
    <circle cx="450" cy="300" r="180" fill="#ffe600"/><rect x="120" y="80" width="160" height="160" fill="#00c2a8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function scored(context: BrowserContext, pogId: number): Promise<Pog> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const pog = (await (await context.request.get(`/api/pogs/${pogId}`)).json()) as Pog;
    if (!pog.pointsPending) return pog;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`POG ${pogId} was never scored`);
}

const card = (page: Page | Locator, name: string) => page.getByRole('article', { name, exact: true });

describe.skipIf(!hasChromium())('the POG screens in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('creates a POG from a template with a cropped picture, shows its rarity live, edits and deletes it', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'designer');
    await page.goto('/create');
    await page.getByRole('tab', { name: 'Creator Studio', selected: true }).waitFor();

    await page.getByRole('button', { name: 'Use Template' }).click();
    const templates = page.getByRole('dialog', { name: 'Use Template' });
    expect(await templates.getByRole('button', { name: /^Use the .* template$/ }).count()).toBe(8);
    await templates.getByRole('button', { name: 'Use the Retro Wave template' }).click();
    await templates.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Name').inputValue()).toBe('Retro Wave');
    expect(await page.getByLabel('Text on the POG').inputValue()).toBe('WAVE');
    await page.getByLabel('Name').fill('Wave Rider');
    // The retro templates use Press Start 2P: the preview really draws it (self-hosted, not a fallback).
    // The preview asks for the font only once it draws the template's text, which may come after
    // `document.fonts.ready` has already settled on the fonts asked for so far.
    const loadedFonts = () => page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/["']/g, '')));
    await expect.poll(loadedFonts, { timeout: 10_000 }).toContain('Press Start 2P');

    // A file the server would refuse is refused here first, with the same words.
    const fileInput = page.getByLabel('Image file');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('alert').filter({ hasText: 'Please select a valid image file (JPEG, PNG, GIF, or WEBP)' }).first().waitFor();

    await fileInput.setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: await testPicture() });
    const crop = page.getByRole('dialog', { name: 'Crop Image' });
    await crop.getByAltText('The picture to crop').waitFor();
    await crop.getByLabel(/Zoom/).fill('1.5');
    await crop.getByText('Zoom (1.5x)').waitFor();
    await snapshot(page, 'pogs-crop');
    await crop.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Your image has been uploaded and applied to the pog!').waitFor();
    const preview = page.getByTestId('pog-preview');
    const src = await preview.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.(jpg|webp)$/);
    // The uploaded picture is the 1:1 crop, at most 1024 px a side.
    const size = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, src!);
    expect(size[0]).toBe(size[1]);
    expect(size[0]).toBeLessThanOrEqual(1024);

    // The preview turns when dragged.
    const box = await preview.boundingBox();
    if (!box) throw new Error('The preview has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await preview.evaluate((element) => (element as HTMLElement).style.transform)).toContain('rotateY(48deg)');
    await snapshot(page, 'pogs-studio');

    await page.getByRole('button', { name: 'Save Pog' }).click();
    await page.getByText('Your pog has been created successfully!').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');

    // The worker scores the design and the socket brings rarity and points in, without a reload.
    const created = card(page.getByRole('list', { name: 'My Created POGs' }), 'Wave Rider');
    await created.getByTestId('points').waitFor({ timeout: 20_000 });
    expect(await created.getByTestId('points').textContent()).toMatch(/^\d+ PTS$/);
    expect(await created.getByTestId('rarity').textContent()).toMatch(/^(common|uncommon|rare|epic|legendary)$/);
    await snapshot(page, 'pogs-scored');

    // Edit it from the collection.
    await page.getByRole('link', { name: 'Collection', exact: true }).first().click();
    await page.waitForURL('**/collection');
    const mine = card(page, 'Wave Rider');
    await mine.hover();
    await mine.getByRole('button', { name: 'Edit Wave Rider' }).click();
    await page.waitForURL(/\/create\?edit=\d+$/);
    await page.getByRole('heading', { name: 'Editing Wave Rider' }).waitFor();
    await page.getByLabel('Name').fill('Wave Rider II');
    await page.getByRole('button', { name: 'Save Pog' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    expect(new URL(page.url()).search).toBe('');

    // Delete it: the confirmation is not dismissed by a click outside it.
    await page.goto('/collection');
    const renamed = card(page, 'Wave Rider II');
    await renamed.hover();
    await renamed.getByRole('button', { name: 'Delete Wave Rider II' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete POG?' });
    await confirm.waitFor();
    await page.mouse.click(5, 5);
    await confirm.waitFor();
    await snapshot(page, 'pogs-delete');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('The pog has been removed from your collection.').waitFor();
    await page.getByRole('link', { name: 'Create Your First POG' }).waitFor();
  });

  it('browses Explore with search, rarity and creator filters, and refuses trading an own POG', async () => {
    const oceanContext = await e2e.newContext();
    const lavaContext = await e2e.newContext();
    const [{ pog: ocean }, { pog: lava }] = await Promise.all([
      playerWithPog(oceanContext, 'oceanmaker', { name: 'Ocean Star', textContent: 'SEA', backgroundColor1: '#06B6D4', backgroundColor2: '#3B82F6' }),
      playerWithPog(lavaContext, 'lavamaker', { name: 'Lava Core', textContent: 'HOT', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
    ]);
    const oceanScored = await scored(oceanContext, ocean.id);
    await scored(lavaContext, lava.id);

    const page = await oceanContext.newPage();
    await page.goto('/explore');
    await page.getByRole('heading', { name: 'Explore Pogs' }).waitFor();
    await page.getByRole('tab', { name: 'Trending', selected: true }).waitFor();
    await card(page, 'Ocean Star').waitFor();
    await card(page, 'Lava Core').waitFor();
    await snapshot(page, 'pogs-explore');

    await page.getByRole('searchbox', { name: 'Search' }).fill('lava');
    await card(page, 'Ocean Star').waitFor({ state: 'detached' });
    await card(page, 'Lava Core').waitFor();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await card(page, 'Ocean Star').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');

    await page.getByLabel('Creator').selectOption({ label: 'oceanmaker (@oceanmaker)' });
    await card(page, 'Lava Core').waitFor({ state: 'detached' });
    await card(page, 'Ocean Star').waitFor();
    await page.getByLabel('Rarity').selectOption(oceanScored.rarity);
    await card(page, 'Ocean Star').waitFor();
    const otherRarity = oceanScored.rarity === 'legendary' ? 'common' : 'legendary';
    await page.getByLabel('Rarity').selectOption(otherRarity);
    await page.getByText('No POGs match your search.').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await card(page, 'Lava Core').waitFor();

    await page.getByRole('tab', { name: 'Recently Created' }).click();
    await card(page, 'Lava Core').waitFor();

    // Trading: an own POG is refused with the spec's toast, another player's opens the Trade dialog
    // in place with that POG requested from its owner.
    const own = card(page, 'Ocean Star');
    await own.hover();
    await own.getByRole('button', { name: 'Trade Ocean Star' }).click();
    await page.getByText('Cannot trade your own pog').waitFor();
    await page.getByText('You can only trade pogs created by other users.').waitFor();
    const theirs = card(page, 'Lava Core');
    await theirs.hover();
    await theirs.getByRole('button', { name: 'Trade Lava Core' }).click();
    const trade = page.getByRole('dialog', { name: 'Trade POGs' });
    await trade.getByRole('button', { name: 'Request Lava Core', pressed: true }).waitFor();
    expect(await trade.getByRole('combobox', { name: 'Trade With' }).inputValue()).toBe(String(lava.userId));
  });

  it('leaves Explore cleanly when a link is followed while a search is still being typed', async () => {
    const context = await e2e.newContext();
    await playerWithPog(context, 'wanderer', { name: 'Wander Disc' });
    const page = await context.newPage();
    await page.goto('/explore');
    await card(page, 'Wander Disc').waitFor();
    // The next screen's code arrives late, so Explore stays drawn past the search's pause.
    await page.route(/\/assets\/CreatePage-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Wand');
    await page.getByRole('navigation').getByRole('link', { name: 'Create', exact: true }).click();
    await page.getByRole('tab', { name: 'Creator Studio' }).waitFor();
    await page.waitForTimeout(400);
    // The search's address write would have landed on the new screen's address.
    const { pathname, search } = new URL(page.url());
    expect(pathname + search).toBe('/create');
  });

  it('shows visitors the Discover page with search, a detail dialog and Sign In to Create', async () => {
    const creator = await e2e.newContext();
    await playerWithPog(creator, 'stargazer', { name: 'Star Gazer', textContent: 'STAR' });
    const page = await e2e.newPage();
    await page.goto('/explore');
    await page.getByRole('heading', { name: 'Discover Pogs' }).waitFor();
    await card(page, 'Star Gazer').waitFor();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Gazer');
    await page.getByRole('button', { name: 'View Star Gazer' }).click();
    const detail = page.getByRole('dialog', { name: 'Star Gazer' });
    await detail.getByText('@stargazer').first().waitFor();
    // Player pages need a session, so visitors see the names without links.
    expect(await detail.getByRole('link', { name: '@stargazer' }).count()).toBe(0);
    await snapshot(page, 'pogs-discover');
    await detail.getByRole('link', { name: 'Sign In to Create' }).click();
    await page.waitForURL('**/auth');
  });
});
