/**
 * Claims in the admin panel with two admins side by side: one claims a flagged POG and the other
 * sees 'Claimed by …' on its card at once; a release frees it live; acting on a POG or a player the
 * other admin holds asks 'Claimed by … — act anyway?' first, and acting anyway ends the claim.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, hasChromium, playerWithPog, snapshot, useE2E } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const OTHER_HOLDER = /^Claimed by Admin password session #\d+ · 10 min left$/;

/** An admin's panel in its own browser, its live connection up (no claim event can be missed). */
async function adminPanel(context: BrowserContext): Promise<Page> {
  expect((await context.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  await page.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });
  return page;
}

describe.skipIf(!hasChromium())('claims in the admin panel [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows one admin’s claim on the other’s screen live, and asks before acting on it', async () => {
    await playerWithPog(await e2e.newContext(), 'claimee', { name: 'Sh1t happens', textContent: 'OOPS' });
    const ann = await adminPanel(await e2e.newContext());
    const bob = await adminPanel(await e2e.newContext());
    const annCard = card(ann.getByRole('list', { name: 'Flagged POGs' }), 'Sh1t happens');
    const bobCard = card(bob.getByRole('list', { name: 'Flagged POGs' }), 'Sh1t happens');
    await annCard.waitFor({ timeout: 30_000 });
    await bobCard.waitFor({ timeout: 30_000 });

    // Ann claims it: her card says it is hers, Bob's names her password session, without a reload.
    await annCard.getByRole('button', { name: 'Claim Sh1t happens' }).click();
    await annCard.getByTestId('claim-badge').getByText('Claimed by you · 10 min left').waitFor();
    const bobBadge = bobCard.getByTestId('claim-badge');
    await bobBadge.waitFor();
    expect(await bobBadge.textContent()).toMatch(OTHER_HOLDER);
    expect(await bobCard.getByRole('button', { name: 'Claim Sh1t happens' }).count()).toBe(0);
    await snapshot(bob, 'claims-seen-by-other');

    // Released, it is free again on Bob's screen; claimed again, taken again.
    await annCard.getByRole('button', { name: 'Release Sh1t happens' }).click();
    await bobBadge.waitFor({ state: 'detached' });
    await bobCard.getByRole('button', { name: 'Claim Sh1t happens' }).waitFor();
    await annCard.getByRole('button', { name: 'Claim Sh1t happens' }).click();
    await bobBadge.waitFor();

    // Bob reviews it anyway: rejecting asks first, and Cancel leaves everything as it was.
    await bobCard.getByRole('button', { name: 'Review Sh1t happens' }).click();
    const review = bob.getByRole('dialog', { name: 'Moderate POG' });
    expect(await review.getByTestId('claim-badge').textContent()).toMatch(OTHER_HOLDER);
    await review.getByRole('button', { name: 'Reject' }).click();
    const confirm = review.getByRole('group', { name: 'Confirm acting on a claimed item' });
    expect(await confirm.getByRole('alert').textContent()).toMatch(/^Claimed by Admin password session #\d+ — act anyway\?$/);
    await snapshot(bob, 'claims-act-anyway');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await review.getByRole('button', { name: 'Reject' }).click();
    await confirm.getByRole('button', { name: 'Act anyway' }).click();
    await toastText(bob, 'POG has been rejected').waitFor();
    await review.waitFor({ state: 'detached' });
    // The decision ended Ann's claim; the POG left both queues.
    await ann.getByText('No flagged POGs to review').waitFor();
    await bob.getByText('No flagged POGs to review').waitFor();

    // A player: Bob claims them in the Users tab, Ann sees it in the row and is asked before banning.
    await bob.getByRole('tab', { name: 'Users' }).click();
    await bob.getByRole('button', { name: 'Claim claimee' }).click();
    await bob.getByRole('row').filter({ hasText: 'claimee' }).getByText('Claimed by you · 10 min left').waitFor();
    await ann.getByRole('tab', { name: 'Users' }).click();
    const annRow = ann.getByRole('row').filter({ hasText: 'claimee' });
    expect(await annRow.getByTestId('claim-badge').textContent()).toMatch(OTHER_HOLDER);
    await annRow.getByRole('button', { name: 'Moderate claimee' }).click();
    const moderateUser = ann.getByRole('dialog', { name: 'Moderate User' });
    await moderateUser.getByLabel('Ban Reason').fill('Offensive POG names');
    await moderateUser.getByRole('button', { name: 'Ban User' }).click();
    await moderateUser.getByRole('button', { name: 'Act anyway' }).click();
    await toastText(ann, 'User claimee has been banned').waitFor();
    await bob.getByRole('row').filter({ hasText: 'claimee' }).getByText('Banned', { exact: true }).waitFor();
    await bob.getByRole('row').filter({ hasText: 'claimee' }).getByTestId('claim-badge').waitFor({ state: 'detached' });
  });
});
