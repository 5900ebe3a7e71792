/**
 * Have and Want in the browser, two players in two contexts: Alice wants Bob's POG from its page and
 * puts hers up for trade from her collection; her Trade Center's Matches panel lists Bob, turns into
 * a two-way match without a reload when Bob wants her POG from Explore, and its button opens the
 * Trade dialog with both POGs chosen, ready to send.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hasChromium, playerWithPog, snapshot, useE2E, waitUntilLive } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });

describe.skipIf(!hasChromium())('Have and Want [needs Chromium]', () => {
  const e2e = useE2E();

  it('marks POGs, finds the match live, and opens a pre-filled offer', async () => {
    const aliceContext = await e2e.newContext();
    const bobContext = await e2e.newContext();
    const [, bob] = await Promise.all([
      playerWithPog(aliceContext, 'alicewants', { name: 'Ember Disc', textContent: 'FIRE', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
      playerWithPog(bobContext, 'bobwants', { name: 'Tide Disc', textContent: 'SEA', backgroundColor1: '#06B6D4', backgroundColor2: '#1E3A8A' }),
    ]);

    // Alice wants Tide Disc from its own page.
    const alice = await aliceContext.newPage();
    await alice.goto(`/pog/${bob.pog.id}`);
    const want = alice.getByRole('button', { name: 'Want Tide Disc' });
    expect(await want.getAttribute('aria-pressed')).toBe('false');
    await want.click();
    await alice.getByRole('button', { name: 'Want Tide Disc', pressed: true }).waitFor();
    await alice.getByText('Wanted', { exact: true }).waitFor();

    // She puts Ember Disc up for trade from her collection's card.
    await alice.goto('/collection');
    const ember = card(alice, 'Ember Disc');
    await ember.hover();
    await ember.getByRole('button', { name: 'Up for trade: Ember Disc' }).click();
    await ember.getByRole('button', { name: 'Up for trade: Ember Disc', pressed: true }).waitFor();

    // Her Matches panel: Bob holds what she wants.
    await alice.goto('/trade');
    await waitUntilLive(alice);
    await alice.getByRole('tab', { name: 'Matches' }).click();
    const match = alice.getByRole('article', { name: 'Match with bobwants' });
    await match.getByText(/^Has what you want/).waitFor();

    // Bob wants Ember Disc from Explore: Alice's panel shows a two-way match without a reload.
    const bobPage = await bobContext.newPage();
    await bobPage.goto('/explore');
    const emberThere = card(bobPage, 'Ember Disc');
    await emberThere.hover();
    await emberThere.getByRole('button', { name: 'Want Ember Disc' }).click();
    await emberThere.getByRole('button', { name: 'Want Ember Disc', pressed: true }).waitFor();
    await match.getByText(/^Both ways/).waitFor({ timeout: 15_000 });
    await match.getByText(/You give Ember Disc .* you get Tide Disc/).waitFor();
    await snapshot(alice, 'matches-panel');

    // One click: the Trade dialog opens with both POGs chosen, and the offer goes.
    await match.getByRole('button', { name: 'Offer trade with bobwants' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Trade POGs' });
    await dialog.getByRole('button', { name: 'Request Tide Disc', pressed: true }).waitFor();
    await dialog.getByRole('button', { name: 'Offer Ember Disc', pressed: true }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Trade With' }).inputValue()).toBe(String(bob.userId));
    await dialog.getByRole('button', { name: 'Send Trade Offer' }).click();
    await alice.getByText('Your trade offer has been sent successfully!').waitFor();
  });
});
