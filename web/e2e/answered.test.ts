/**
 * Told when you are answered, in a browser: the player who sent a challenge and an offer gets a
 * toast (and a chime, while the alert sound is on) when the other player answers, and its link
 * lands on that very trade; the bell's entry links there too. The sound's switch in the user menu
 * is remembered across a reload.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Battle, Trade } from '@pog/common';
import { hasChromium, playerWithPog, snapshot, useE2E, waitUntilLive } from './harness';

/** Counts the tones the page starts (each chime is a few WebAudio oscillators). */
async function countTones(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counted = window as unknown as { tonesStarted: number };
    counted.tonesStarted = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      counted.tonesStarted += 1;
      return original.call(this);
    };
  });
}
const tonesStarted = (page: Page) => page.evaluate(() => (window as unknown as { tonesStarted: number }).tonesStarted);

const soundSwitch = (page: Page) => page.getByRole('region', { name: 'User menu' }).getByRole('switch', { name: 'Alert sounds' });

async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('region', { name: 'User menu' }).waitFor();
}

describe.skipIf(!hasChromium())('told when you are answered [needs Chromium]', () => {
  const e2e = useE2E();

  it('toasts the sender with a chime, links to the exact trade, and keeps the sound switched off', async () => {
    // Motion allowed: the alert sound is then on until the player turns it off.
    const annaContext = await e2e.newContext({ reducedMotion: 'no-preference' });
    const benContext = await e2e.newContext();
    await countTones(annaContext);
    const [anna, ben] = await Promise.all([
      playerWithPog(annaContext, 'annasender', { name: 'Ember Disc', textContent: 'FIRE', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
      playerWithPog(benContext, 'benanswers', { name: 'Tide Disc', textContent: 'SEA', backgroundColor1: '#06B6D4', backgroundColor2: '#1E3A8A' }),
    ]);
    const annaPage = await annaContext.newPage();
    await annaPage.goto('/collection');
    await waitUntilLive(annaPage);

    // Ben declines Anna's challenge: she is told at once, with a chime, and the toast links to the battle.
    const challenged = await annaContext.request.post('/api/battles', { data: { challengerId: anna.userId, defenderId: ben.userId, challengerPogId: anna.pog.id, battleType: 'standard' } });
    expect(challenged.status(), await challenged.text()).toBe(201);
    const battle = (await challenged.json()) as Battle;
    expect((await benContext.request.post(`/api/battles/${battle.id}/decline`)).status()).toBe(200);
    await annaPage.getByText('Challenge declined', { exact: true }).waitFor();
    await annaPage.getByText('benanswers declined your battle challenge.').waitFor();
    await expect.poll(() => tonesStarted(annaPage)).toBeGreaterThan(0);

    // She turns the sound off in her user menu; the choice outlives a reload.
    await openUserMenu(annaPage);
    expect(await soundSwitch(annaPage).getAttribute('aria-checked')).toBe('true');
    await soundSwitch(annaPage).click();
    expect(await soundSwitch(annaPage).getAttribute('aria-checked')).toBe('false');
    await annaPage.keyboard.press('Escape');
    await annaPage.reload();
    await openUserMenu(annaPage);
    expect(await soundSwitch(annaPage).getAttribute('aria-checked')).toBe('false');
    await annaPage.keyboard.press('Escape');
    await waitUntilLive(annaPage);

    // Anna offers Ember for Tide; Ben accepts in his Trade Center, confirming.
    const offered = await annaContext.request.post('/api/trades', { data: { fromUserId: anna.userId, toUserId: ben.userId, offerPogId: anna.pog.id, requestPogId: ben.pog.id } });
    expect(offered.status(), await offered.text()).toBe(201);
    const trade = (await offered.json()) as Trade;
    const benPage = await benContext.newPage();
    await benPage.goto('/trade');
    await benPage.getByRole('article', { name: 'Offer from annasender' }).getByRole('button', { name: 'Accept' }).click();
    await benPage.getByRole('dialog', { name: 'Accept this trade?' }).getByRole('button', { name: 'Accept Trade' }).click();
    await benPage.getByText('Trade updated', { exact: true }).waitFor();

    // Anna's toast says so, silently now, and its link opens that trade: History, lit and in view.
    const toast = annaPage.getByRole('status').filter({ hasText: 'Trade accepted' });
    await toast.getByText('benanswers accepted: Tide Disc is yours now, and Ember Disc is theirs.').waitFor();
    await snapshot(annaPage, 'answered-toast');
    expect(await tonesStarted(annaPage)).toBe(0);
    await toast.getByRole('button', { name: 'View trade' }).click();
    await annaPage.waitForURL((url) => url.pathname === '/trade' && url.searchParams.get('trade') === String(trade.id));
    await annaPage.getByRole('tab', { name: 'History', selected: true }).waitFor();
    const card = annaPage.locator(`article[data-trade-id="${trade.id}"]`);
    await card.getByText('Accepted', { exact: true }).waitFor();
    expect(await card.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => card.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    await snapshot(annaPage, 'answered-trade');

    // The bell's entries link to the trade and the battle themselves.
    await annaPage.getByRole('button', { name: /^Notifications/ }).click();
    const bell = annaPage.getByRole('region', { name: 'Notifications' });
    expect(await bell.getByRole('link', { name: /Trade accepted/ }).getAttribute('href')).toBe(`/trade?trade=${trade.id}`);
    expect(await bell.getByRole('link', { name: /Challenge declined/ }).getAttribute('href')).toBe(`/battle?battle=${battle.id}`);
    await annaPage.keyboard.press('Escape');
    expect(await tonesStarted(annaPage)).toBe(0);
  });
});
