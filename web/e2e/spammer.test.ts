/**
 * Delete spammer in a browser: a spammer with two POGs sends a player an offer; an admin opens one
 * of the spammer's POGs in the Moderate POG dialog, reads what Delete spammer will do, gives a reason
 * and confirms. Both POGs leave the admin's lists and Explore, the player's pending offer ends live
 * with a notification, and the audit log has the line.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { giveAnotherPog } from './factories';
import { E2E_ADMIN_PASSWORD, hasChromium, playerWithPog, snapshot, useE2E, waitUntilLive } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });

describe.skipIf(!hasChromium())('Delete spammer in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('deletes a spammer from a POG: their POGs vanish from Explore and the other player’s offer ends with a notification', async () => {
    const spammerContext = await e2e.newContext();
    const spammer = await playerWithPog(spammerContext, 'spamking', { name: 'Mega Deals', textContent: 'DEALS' });
    await giveAnotherPog(e2e, spammerContext, spammer.userId, { name: 'Click Here', textContent: 'CLICK', backgroundColor1: '#22C55E', backgroundColor2: '#14532D' });
    const playerContext = await e2e.newContext();
    const player = await playerWithPog(playerContext, 'honestplayer', { name: 'Quiet Disc', textContent: 'CALM' });
    const offered = await spammerContext.request.post('/api/trades', {
      data: { fromUserId: spammer.userId, toUserId: player.userId, offerPogId: spammer.pog.id, requestPogId: player.pog.id },
    });
    expect(offered.status()).toBe(201);

    // The player watches Explore and their Trade Center, where the offer waits.
    const explore = await playerContext.newPage();
    await explore.goto('/explore');
    await card(explore, 'Mega Deals').waitFor();
    await card(explore, 'Click Here').waitFor();
    const trades = await playerContext.newPage();
    await trades.goto('/trade');
    const offer = card(trades, 'Offer from spamking');
    await offer.getByText('Pending', { exact: true }).waitFor();
    await waitUntilLive(trades);

    const adminContext = await e2e.newContext();
    expect((await adminContext.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const admin = await adminContext.newPage();
    await admin.goto('/admin');
    await admin.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });
    await admin.getByRole('tab', { name: 'All POGs' }).click();
    const allList = admin.getByRole('list', { name: 'All POGs' });
    await card(allList, 'Click Here').waitFor();
    await card(allList, 'Mega Deals').getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: 'Moderate POG' });
    await review.getByRole('button', { name: 'Delete spammer' }).click();

    // The confirmation says what will happen before anything does, and needs a reason.
    const panel = review.getByRole('region', { name: 'Confirm Delete spammer' });
    const consequences = panel.getByTestId('spammer-consequences');
    await consequences.getByText('spamking is banned at once and signed out everywhere.').waitFor();
    await consequences.getByText('2 POGs they hold are removed for good, whoever designed them.').waitFor();
    await consequences.getByText('1 pending trade offer and 0 open battles end; the other players are told.').waitFor();
    const confirm = panel.getByRole('button', { name: 'Yes, delete spammer' });
    expect(await confirm.isDisabled()).toBe(true);
    await panel.getByLabel('Reason').fill('Advertising links on every POG');
    await snapshot(admin, 'delete-spammer-confirm');
    // Nothing has happened yet.
    expect((await playerContext.request.get(`/api/pogs/${spammer.pog.id}`)).status()).toBe(200);
    await confirm.click();
    await admin.getByText('spamking was deleted as a spammer', { exact: true }).first().waitFor();
    await admin.getByText('2 POGs removed, 1 trade offer and 0 battles ended.', { exact: true }).first().waitFor();
    await review.waitFor({ state: 'detached' });

    // The admin's lists drop both POGs; the Users tab shows the ban.
    await card(allList, 'Mega Deals').waitFor({ state: 'detached' });
    await card(allList, 'Click Here').waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Users' }).click();
    await admin.getByRole('row').filter({ hasText: 'spamking' }).getByText('Banned', { exact: true }).waitFor();

    // The player's offer ends live, with a notification.
    await trades.getByText('No pending trades').waitFor({ timeout: 15_000 });
    await trades.getByRole('button', { name: /^Notifications/ }).click();
    await trades.getByText('A trade offer was cancelled because a player in it was banned.').first().waitFor();
    await snapshot(trades, 'delete-spammer-player-told');
    await trades.keyboard.press('Escape');

    // Explore no longer lists the spammer's POGs; the player's own stays.
    await explore.reload();
    await card(explore, 'Quiet Disc').waitFor();
    expect(await card(explore, 'Mega Deals').count()).toBe(0);
    expect(await card(explore, 'Click Here').count()).toBe(0);

    // The audit log has one line for it all.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const line = admin.getByRole('table', { name: 'Audit log' }).locator('tbody tr').filter({ hasText: 'Spammer deleted' });
    await line.getByText('Advertising links on every POG (2 POGs removed, 1 trade offer and 0 battles ended)').waitFor();
  });
});
