/**
 * Bulk moderation in a browser, with two admins watching the same queue: one selects several
 * flagged POGs and approves them in one action; the other's queue and Flagged badge follow live,
 * without a reload. Then Reject and Delete ask first (with the count), and a batch refused by the
 * server (another admin decided one of its POGs meanwhile) keeps the selection and says why.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, hasChromium, snapshot, useE2E } from './harness';

const PLAYERS = 6;
const FLAGGED = 5;
const disc = (n: number) => `bulk disc ${String(n).padStart(4, '0')}`;

const badge = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openPanel(context: BrowserContext): Promise<Page> {
  expect((await context.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  await page.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });
  return page;
}

describe.skipIf(!hasChromium())('bulk moderation in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('approves several flagged POGs at once; the other admin sees the queue and the badge follow live', { timeout: 120_000 }, async () => {
    expect(await e2e.app.factory({ factory: 'crowd', prefix: 'bulk', players: PLAYERS, flagged: FLAGGED })).toBe(PLAYERS);
    const [acting, watching] = [await openPanel(await e2e.newContext()), await openPanel(await e2e.newContext())];
    for (const page of [acting, watching]) {
      await page.getByText(`Showing ${FLAGGED} of ${FLAGGED} flagged POGs`, { exact: true }).waitFor();
      expect(await badge(page, 'flagged-count')).toBe(String(FLAGGED));
    }

    const bar = acting.getByRole('toolbar', { name: 'Bulk actions on Flagged POGs' });
    const queue = acting.getByRole('list', { name: 'Flagged POGs' });
    const theirQueue = watching.getByRole('list', { name: 'Flagged POGs' });
    await bar.getByText('0 selected', { exact: true }).waitFor();
    for (const n of [5, 4, 2]) await queue.getByRole('checkbox', { name: `Select ${disc(n)}`, exact: true }).check();
    await bar.getByText('3 selected', { exact: true }).waitFor();
    expect(await bar.getByRole('checkbox', { name: 'Select all shown' }).evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await snapshot(acting, 'admin-bulk-selected');

    await bar.getByRole('button', { name: 'Approve', exact: true }).click();
    await toastText(acting, '3 POGs have been approved').waitFor();
    await bar.getByText('0 selected', { exact: true }).waitFor();
    await acting.getByText('Showing 2 of 2 flagged POGs', { exact: true }).waitFor();

    // The other admin's queue and badge follow without a reload.
    for (const n of [5, 4, 2]) await theirQueue.getByRole('article', { name: disc(n), exact: true }).waitFor({ state: 'detached' });
    await watching.getByText('Showing 2 of 2 flagged POGs', { exact: true }).waitFor();
    expect(await badge(watching, 'flagged-count')).toBe('2');
    expect(await theirQueue.getByRole('article').count()).toBe(2);

    // Reject asks first, with the count, and takes notes for the owner.
    await queue.getByRole('checkbox', { name: `Select ${disc(3)}`, exact: true }).check();
    await bar.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = acting.getByRole('dialog', { name: 'Reject 1 POG?' });
    await reject.getByText('1 POG will be hidden from Explore and can no longer be traded or battled. Its owner is told.', { exact: true }).waitFor();
    await reject.getByLabel('Moderation Notes').fill('Not allowed.');
    await snapshot(acting, 'admin-bulk-reject');
    await reject.getByRole('button', { name: 'Yes, reject 1 POG' }).click();
    await toastText(acting, '1 POG has been rejected').waitFor();
    await theirQueue.getByRole('article', { name: disc(3), exact: true }).waitFor({ state: 'detached' });
    expect(await badge(watching, 'flagged-count')).toBe('1');

    // Delete asks first too; Cancel keeps everything.
    await bar.getByRole('checkbox', { name: 'Select all shown' }).check();
    await bar.getByText('1 selected', { exact: true }).waitFor();
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = acting.getByRole('dialog', { name: 'Delete 1 POG?' });
    await remove.getByText('1 POG will be deleted for good: its owner loses it and this cannot be undone.', { exact: true }).waitFor();
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'detached' });
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await remove.getByRole('button', { name: 'Yes, delete 1 POG' }).click();
    await toastText(acting, '1 POG has been deleted').waitFor();
    await watching.getByText('No flagged POGs to review').waitFor();
    expect(await watching.getByTestId('flagged-count').count()).toBe(0);
    expect(await badge(watching, 'all-pogs-count')).toBe(String(PLAYERS - 1));

    // A batch another admin got to first is refused whole: the toast names the POG, the selection stays.
    await acting.getByRole('tab', { name: /All POGs/ }).click();
    const all = acting.getByRole('list', { name: 'All POGs' });
    for (const n of [6, 3]) await all.getByRole('checkbox', { name: `Select ${disc(n)}`, exact: true }).check();
    await watching.getByRole('tab', { name: /All POGs/ }).click();
    const id = Number(await watching.getByRole('article', { name: disc(6), exact: true }).getAttribute('data-pog-id'));
    expect((await watching.request.put(`/api/admin/pogs/${id}/moderate`, { data: { isApproved: true, isFlagged: false } })).status()).toBe(200);
    await all.getByRole('article', { name: disc(6), exact: true }).getByText('Approved', { exact: true }).waitFor();
    const allBar = acting.getByRole('toolbar', { name: 'Bulk actions on All POGs' });
    await allBar.getByRole('button', { name: 'Approve', exact: true }).click();
    await toastText(acting, `Already approved: ${disc(6)} (#${id}). Nothing was changed.`).waitFor();
    await allBar.getByText('2 selected', { exact: true }).waitFor();
    // The rejected POG of the batch stays rejected.
    await all.getByRole('article', { name: disc(3), exact: true }).getByText('Rejected', { exact: true }).waitFor();
    expect(await all.getByRole('article', { name: disc(3), exact: true }).getByText('Approved', { exact: true }).count()).toBe(0);
  });
});
