/**
 * Trading end to end, with two players in two browser contexts: A offers from Explore, B sees the
 * offer arrive in the Trade Center without a reload and accepts, and then both collections, both
 * bells and both POGs' cooldowns update live.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { NotificationList } from '@pog/common';
import { hasChromium, playerWithPog, snapshot, useE2E } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const unreadCount = (page: Page) => page.getByRole('button', { name: /^Notifications/ }).getByTestId('unread-count');

/**
 * Waits until the bell (never reloaded) shows the unread count the server has once it holds a
 * notification with this title: proof the notification arrived live. Other notifications (a POG
 * being scored) may arrive at any time, hence the comparison with the server, not a fixed number.
 */
async function bellShows(page: Page, title: string): Promise<void> {
  let unread = 0;
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/notifications')).json()) as NotificationList;
      unread = list.unreadCount;
      return list.items.some((item) => item.title === title && !item.read);
    }, { timeout: 15_000 })
    .toBe(true);
  await expect.poll(async () => ((await unreadCount(page).count()) ? Number(await unreadCount(page).textContent()) : 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(unread);
}
const COOLDOWN_TITLE = /^This POG is on cooldown for \d+ more (minutes?|hours)$/;

/** The card's trade action is disabled, its title saying how long the cooldown lasts. */
async function expectCooldown(page: Page, pogName: string): Promise<void> {
  const tradeButton = card(page, pogName).getByRole('button', { name: `Trade ${pogName}` });
  await page.waitForFunction(
    (name) => document.querySelector<HTMLButtonElement>(`button[aria-label="Trade ${name}"]`)?.disabled === true,
    pogName,
  );
  expect(await tradeButton.getAttribute('title')).toMatch(COOLDOWN_TITLE);
}

describe.skipIf(!hasChromium())('trading between two players [needs Chromium]', () => {
  const e2e = useE2E();

  it('offers from Explore; the other player sees it live, accepts, and both sides update without a reload', async () => {
    const aliceContext = await e2e.newContext();
    const bobContext = await e2e.newContext();
    const [, bob] = await Promise.all([
      playerWithPog(aliceContext, 'alicetrader', { name: 'Ember Disc', textContent: 'FIRE', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
      playerWithPog(bobContext, 'bobtrader', { name: 'Tide Disc', textContent: 'SEA', backgroundColor1: '#06B6D4', backgroundColor2: '#1E3A8A' }),
    ]);

    // Bob watches his Trade Center in one tab and his collection in another.
    const bobTrades = await bobContext.newPage();
    await bobTrades.goto('/trade');
    await bobTrades.getByText('No pending trades').waitFor();
    const bobCollection = await bobContext.newPage();
    await bobCollection.goto('/collection');
    await card(bobCollection, 'Tide Disc').waitFor();

    // Alice first opens New Trade: nothing can be sent until both POGs are chosen.
    const aliceTrades = await aliceContext.newPage();
    await aliceTrades.goto('/trade');
    await aliceTrades.getByRole('button', { name: 'New Trade' }).click();
    let dialog = aliceTrades.getByRole('dialog', { name: 'Trade POGs' });
    await dialog.getByText('Select a player to see their POGs').waitFor();
    await dialog.getByText('Click a POG above to offer it').waitFor();
    const sendButton = dialog.getByRole('button', { name: 'Send Trade Offer' });
    expect(await sendButton.isDisabled()).toBe(true);
    // Only other players who own POGs are listed.
    const players = dialog.getByRole('combobox', { name: 'Trade With' });
    expect(await players.locator('option').allTextContents()).toEqual(['Select player', 'bobtrader']);
    await dialog.getByRole('button', { name: 'Offer Ember Disc' }).click();
    await dialog.getByText('Selected to Trade:').waitFor();
    expect(await sendButton.isDisabled()).toBe(true);
    await players.selectOption({ label: 'bobtrader' });
    await dialog.getByText('Click a POG above to request it').waitFor();
    await snapshot(aliceTrades, 'trades-dialog-new');
    // Closing clears the choices (nothing was preset).
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await aliceTrades.getByRole('button', { name: 'New Trade' }).click();
    await dialog.getByText('Click a POG above to offer it').waitFor();
    expect(await players.inputValue()).toBe('');
    await aliceTrades.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Then she finds Bob's POG in Explore and trades for it in place.
    await aliceTrades.getByRole('link', { name: 'Explore', exact: true }).first().click();
    const tide = card(aliceTrades, 'Tide Disc');
    await tide.hover();
    await tide.getByRole('button', { name: 'Trade Tide Disc' }).click();
    dialog = aliceTrades.getByRole('dialog', { name: 'Trade POGs' });
    await dialog.getByRole('button', { name: 'Request Tide Disc', pressed: true }).waitFor();
    await dialog.getByText('Want', { exact: true }).first().waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Trade With' }).inputValue()).toBe(String(bob.userId));
    await dialog.getByRole('button', { name: 'Offer Ember Disc' }).click();
    await dialog.getByText('Offering', { exact: true }).first().waitFor();
    // The real cooldown of the chosen POGs, not "24 hours".
    const description = await dialog.getByText(/rests on a cooldown/).textContent();
    expect(description).toMatch(/Ember Disc for \d+ minutes/);
    expect(description).not.toContain('24 hours');
    await snapshot(aliceTrades, 'trades-dialog-preset');
    await dialog.getByRole('button', { name: 'Send Trade Offer' }).click();
    await aliceTrades.getByText('Your trade offer has been sent successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Alice goes to her collection (client-side navigation, the socket stays connected).
    await aliceTrades.getByRole('link', { name: 'Collection', exact: true }).first().click();
    await card(aliceTrades, 'Ember Disc').waitFor();

    // Bob's Trade Center shows the offer without a reload, and his bell counts it.
    const offer = card(bobTrades, 'Offer from alicetrader');
    await offer.waitFor();
    await offer.getByText('Pending', { exact: true }).waitFor();
    await offer.getByText(/^(just now|\d+m ago)$/).waitFor();
    await offer.getByText('Ember Disc').waitFor();
    await offer.getByText('Tide Disc').waitFor();
    await bellShows(bobTrades, 'New trade offer');
    await snapshot(bobTrades, 'trades-pending');

    await offer.getByRole('button', { name: 'Accept' }).click();
    // A last look before the trade is final: both POGs, what is given and what is got.
    const confirm = bobTrades.getByRole('dialog', { name: 'Accept this trade?' });
    await confirm.getByText('You give Tide Disc and get Ember Disc from alicetrader. Once accepted, the trade cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Accept Trade' }).click();
    await bobTrades.getByText('Trade updated', { exact: true }).waitFor();
    await bobTrades.getByText('No pending trades').waitFor();
    await bobTrades.getByRole('tab', { name: 'History' }).click();
    await card(bobTrades, 'Offer from alicetrader').getByText('Accepted', { exact: true }).waitFor();

    // Both collections swap live; Alice's bell tells her; both POGs are now on cooldown.
    await card(aliceTrades, 'Tide Disc').waitFor();
    await card(aliceTrades, 'Ember Disc').waitFor({ state: 'detached' });
    await card(bobCollection, 'Ember Disc').waitFor();
    await card(bobCollection, 'Tide Disc').waitFor({ state: 'detached' });
    await bellShows(aliceTrades, 'Trade accepted');
    await expectCooldown(aliceTrades, 'Tide Disc');
    await expectCooldown(bobCollection, 'Ember Disc');
    await snapshot(aliceTrades, 'trades-cooldown');

    // The offered POG (now on cooldown) cannot be chosen in the dialog either.
    await card(bobCollection, 'Ember Disc').hover();
    const emberTrade = card(bobCollection, 'Ember Disc').getByRole('button', { name: 'Trade Ember Disc' });
    expect(await emberTrade.isDisabled()).toBe(true);
  });

  it('opens the dialog preset from /trade?offer= and ?request=, and keeps a preset offer after a close', async () => {
    const context = await e2e.newContext();
    const { pog } = await playerWithPog(context, 'presetter', { name: 'Preset Disc', textContent: 'PRE' });
    const page = await context.newPage();
    await page.goto(`/trade?offer=${pog.id}`);
    const dialog = page.getByRole('dialog', { name: 'Trade POGs' });
    await dialog.getByRole('button', { name: 'Offer Preset Disc', pressed: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await dialog.getByRole('button', { name: 'Offer Preset Disc' }).click();
    await dialog.getByText('Click a POG above to offer it').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New Trade' }).click();
    await dialog.getByRole('button', { name: 'Offer Preset Disc', pressed: true }).waitFor();
    // Send without a choice is impossible: the button stays disabled.
    expect(await dialog.getByRole('button', { name: 'Send Trade Offer' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // ?request= chooses the POG's owner and the POG.
    const { userId: ownerId, pog: wanted } = await playerWithPog(await e2e.newContext(), 'requestee', { name: 'Wanted Disc', textContent: 'WANT' });
    await page.goto(`/trade?request=${wanted.id}`);
    await dialog.getByRole('button', { name: 'Request Wanted Disc', pressed: true }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Trade With' }).inputValue()).toBe(String(ownerId));
  });
});
