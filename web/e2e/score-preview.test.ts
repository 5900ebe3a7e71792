/**
 * The Creator Studio's rarity preview in a browser: the three factors follow the design as the player
 * changes its words and colours, and the POG saved from it gets the previewed rarity and points.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, registerThroughUi, snapshot, useE2E } from './harness';

interface Shown {
  harmony: string;
  uniqueness: string;
  complexity: string;
  outcome: string;
}

/** The preview once it has caught up with the design on the bench. */
async function settledPreview(page: Page): Promise<Shown> {
  // aria-busy is true while a newer design than the one shown waits for its score.
  const box = page.locator('section[aria-labelledby="score-preview-title"][aria-busy="false"]');
  await box.getByRole('status', { name: 'Previewed rarity and points' }).waitFor();
  const factor = async (name: string) => (await box.getByRole('meter', { name }).getAttribute('aria-valuetext')) ?? '';
  const outcome = (await box.getByRole('status', { name: 'Previewed rarity and points' }).textContent()) ?? '';
  return { harmony: await factor('Harmony'), uniqueness: await factor('Uniqueness'), complexity: await factor('Complexity'), outcome };
}

/** Waits until the preview shows something other than `before`. */
async function changedPreview(page: Page, before: Shown, what: keyof Shown): Promise<Shown> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const now = await settledPreview(page);
    if (now[what] !== before[what]) return now;
    await page.waitForTimeout(100);
  }
  throw new Error(`The preview's ${what} never changed from ${before[what]}`);
}

describe.skipIf(!hasChromium())('the rarity preview in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('updates the factors as the player changes words and colours, and the saved POG gets the previewed rarity', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'previewer');
    await page.goto('/create');
    await page.getByRole('tab', { name: 'Creator Studio', selected: true }).waitFor();

    // The untouched default design: a copy of a built-in design, so common, and says so.
    const untouched = await settledPreview(page);
    expect(untouched.outcome).toMatch(/^common · \d+ PTS$/);
    expect(untouched.complexity).toBe('0 of 100');
    await page.getByText('An unchanged template, or a copy of a POG that already exists, is common.').waitFor();
    await page.getByText(/unless something changes first/).waitFor();

    // Words: complexity (and uniqueness) rise.
    await page.getByLabel('Text on the POG').fill('Comets over the northern sea');
    const worded = await changedPreview(page, untouched, 'complexity');
    expect(Number(worded.complexity.split(' ')[0])).toBeGreaterThan(0);

    // Colours: a clashing near-miss pair (a quarter turn apart), then a complementary one.
    await page.getByLabel('Color 1').fill('#d9480f');
    await page.getByLabel('Color 2').fill('#5c940d');
    const clashing = await changedPreview(page, worded, 'harmony');
    await page.getByLabel('Color 2').fill('#1971c2');
    const complementary = await changedPreview(page, clashing, 'harmony');
    expect(Number(complementary.harmony.split(' ')[0])).toBeGreaterThan(Number(clashing.harmony.split(' ')[0]));
    await snapshot(page, 'score-preview');

    await page.getByLabel('Name').fill('Northern Comets');
    const shown = await settledPreview(page);
    await page.getByRole('button', { name: 'Save Pog' }).click();
    await page.getByText('Your pog has been created successfully!').waitFor();

    // The worker's score arrives live on the card: the rarity and points the preview showed.
    const created = page.getByRole('list', { name: 'My Created POGs' }).getByRole('article', { name: 'Northern Comets', exact: true });
    await created.getByTestId('points').waitFor({ timeout: 20_000 });
    const [rarity, points] = shown.outcome.split(' · ');
    expect(await created.getByTestId('rarity').textContent()).toBe(rarity);
    expect(await created.getByTestId('points').textContent()).toBe(points!.replace(/,/g, ''));
  });
});
