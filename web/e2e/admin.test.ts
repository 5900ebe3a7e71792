/**
 * The admin area end to end: an admin watches the panel while a player creates a POG with
 * blocklisted text; it arrives under Flagged live (and on a second admin's screen too); the admin
 * rejects it, which the player's collection and Explore reflect; then the admin bans the player,
 * whose open page is sent to /auth with the reason.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, hasChromium, playerWithPog, registerThroughUi, snapshot, useE2E } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Waits until the panel's own socket is in the `admins` room, so no queue event can be missed. */
async function waitUntilLive(page: Page): Promise<void> {
  await page.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });
}

describe.skipIf(!hasChromium())('the admin area in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('moderates a flagged POG live, and a ban sends the player to /auth with the reason', async () => {
    // Without an admin session, /admin sends the visitor to the password screen.
    const admin = await e2e.newPage();
    await admin.goto('/admin');
    await admin.waitForURL('**/admin-login');
    await admin.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await snapshot(admin, 'admin-login');
    // Shown without the main layout: no header, no Login / Register button.
    expect(await admin.getByRole('link', { name: 'Login / Register' }).count()).toBe(0);

    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await admin.getByText('Password is required').waitFor();
    await admin.getByLabel('Admin Password').fill('not the password');
    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await toastText(admin, 'Access denied').waitFor();
    await toastText(admin, 'Invalid admin password').waitFor();
    expect(new URL(admin.url()).pathname).toBe('/admin-login');

    await admin.getByLabel('Admin Password').fill(E2E_ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await toastText(admin, 'Welcome to the admin panel').waitFor();
    await admin.waitForURL('**/admin');
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await admin.getByRole('tab', { name: /Flagged POGs/, selected: true }).waitFor();
    await admin.getByText('No flagged POGs to review').waitFor();
    await waitUntilLive(admin);

    // A second admin, signed in through the API in their own browser, watches the same queue.
    const secondContext = await e2e.newContext();
    expect((await secondContext.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const second = await secondContext.newPage();
    await second.goto('/admin');
    await second.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await waitUntilLive(second);

    // A bystander's clean POG, so Explore has something to show besides the flagged one.
    const bystander = await e2e.newContext();
    await playerWithPog(bystander, 'bystander', { name: 'Clean Sweep', textContent: 'CLEAN' });

    // The player creates a POG whose name is on the blocklist.
    const player = await e2e.newPage();
    await registerThroughUi(player, 'rowdyplayer');
    await player.goto('/create');
    await player.getByLabel('Name').fill('Sh1t happens');
    await player.getByRole('button', { name: 'Save Pog' }).click();
    await player.getByText('Your pog has been created successfully!').waitFor();

    // The worker flags it, and both admins see it arrive without a reload.
    const flaggedList = admin.getByRole('list', { name: 'Flagged POGs' });
    const flagged = card(flaggedList, 'Sh1t happens');
    await flagged.waitFor({ timeout: 30_000 });
    await flagged.getByText('by rowdyplayer').waitFor();
    await flagged.getByText('Flagged', { exact: true }).waitFor();
    expect(await admin.getByTestId('flagged-count').textContent()).toBe('1');
    await card(second.getByRole('list', { name: 'Flagged POGs' }), 'Sh1t happens').waitFor();
    await snapshot(admin, 'admin-flagged');

    // Until it is rejected, a flagged POG is still listed on Explore.
    await player.goto('/explore');
    await card(player, 'Clean Sweep').waitFor();
    await card(player, 'Sh1t happens').waitFor();

    // Review and reject it.
    await flagged.getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: 'Moderate POG' });
    await review.getByText('Created by').waitFor();
    await review.getByText('rowdyplayer', { exact: true }).waitFor();
    expect(await review.getByLabel('Moderation Notes').getAttribute('rows')).toBe('3');
    await review.getByLabel('Moderation Notes').fill('Language is not allowed on POGs.');
    await snapshot(admin, 'admin-review');
    await review.getByRole('button', { name: 'Reject' }).click();
    await toastText(admin, 'POG has been rejected').waitFor();
    await review.waitFor({ state: 'detached' });
    await admin.getByText('No flagged POGs to review').waitFor();
    expect(await admin.getByTestId('flagged-count').count()).toBe(0);
    // The other admin sees the decision too.
    await second.getByText('No flagged POGs to review').waitFor();

    // The player's Explore drops it live; their collection keeps it, marked as rejected.
    await card(player, 'Sh1t happens').waitFor({ state: 'detached' });
    await card(player, 'Clean Sweep').waitFor();
    await player.goto('/collection');
    const rejected = card(player, 'Sh1t happens');
    await rejected.hover();
    const trade = rejected.getByRole('button', { name: 'Trade Sh1t happens' });
    expect(await trade.isDisabled()).toBe(true);
    expect(await trade.getAttribute('title')).toMatch(/rejected by a moderator/);

    // A plain player's profile header has no Admin badge (the role decides it).
    await player.goto('/profile');
    const profile = player.getByRole('region', { name: 'Profile' });
    await profile.getByText('@rowdyplayer').waitFor();
    expect(await profile.getByText('Admin', { exact: true }).count()).toBe(0);

    // All POGs: case-insensitive search and the empty message.
    await admin.getByRole('tab', { name: 'All POGs' }).click();
    const search = admin.getByPlaceholder('Search POGs by name or username...');
    await search.fill('SH1T');
    const allList = admin.getByRole('list', { name: 'All POGs' });
    await card(allList, 'Sh1t happens').waitFor();
    await card(allList, 'Clean Sweep').waitFor({ state: 'detached' });
    await search.fill('no such pog anywhere');
    await admin.getByText('No POGs found in the system').waitFor();

    // Users: ban the player; the reason is required.
    await admin.getByRole('tab', { name: 'Users' }).click();
    const row = admin.getByRole('row').filter({ hasText: 'rowdyplayer' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Moderate' }).click();
    const moderateUser = admin.getByRole('dialog', { name: 'Moderate User' });
    await moderateUser.getByText('Not Banned').waitFor();
    const ban = moderateUser.getByRole('button', { name: 'Ban User' });
    expect(await ban.isDisabled()).toBe(true);
    await moderateUser.getByLabel('Ban Reason').fill('   ');
    expect(await ban.isDisabled()).toBe(true);
    await moderateUser.getByLabel('Ban Reason').fill('Offensive POG names');
    await snapshot(admin, 'admin-ban');
    await ban.click();
    await toastText(admin, 'User rowdyplayer has been banned').waitFor();
    await row.getByText('Banned', { exact: true }).waitFor();
    await snapshot(admin, 'admin-users');

    // The banned player's open page goes to /auth and says why.
    await player.waitForURL('**/auth', { timeout: 15_000 });
    await player.getByText(/Offensive POG names/).first().waitFor();
    await snapshot(player, 'admin-banned-player');

    // The dialog now offers Remove Ban, with when the player was last moderated.
    await row.getByRole('button', { name: 'Moderate' }).click();
    await moderateUser.getByText('Currently Banned').waitFor();
    await moderateUser.getByText(/^Last moderated: /).waitFor();
    await moderateUser.getByRole('button', { name: 'Remove Ban' }).click();
    await toastText(admin, 'User rowdyplayer has been unbanned').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // Logout ends the admin session: /admin sends them back to the password screen.
    await admin.getByRole('button', { name: 'Logout' }).click();
    await admin.waitForURL('**/admin-login');
    await admin.goto('/admin');
    await admin.waitForURL('**/admin-login');
  });
});
