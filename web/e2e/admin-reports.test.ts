/**
 * Reports with weight in a browser: two POGs reported by different numbers of players show their
 * report counts in the review queue, newest first by default and most reported first on request;
 * the Moderate POG dialog lists the reasons; approving answers the reports, and a reporter watching
 * the app gets the notification live, linking to the POG.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { giveAnotherPog } from './factories';
import { E2E_ADMIN_PASSWORD, hasChromium, playerWithPog, registerThroughUi, snapshot, useE2E, waitUntilLive } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const cardNames = (list: Locator) => list.getByRole('heading').allTextContents();

async function report(context: BrowserContext, pogId: number, reason: string): Promise<void> {
  const res = await context.request.post(`/api/pogs/${pogId}/report`, { data: { reason } });
  expect(res.status(), await res.text()).toBe(201);
}

describe.skipIf(!hasChromium())('reports with weight in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows the report counts, orders the queue by reports, and tells the reporters of the decision', { timeout: 120_000 }, async () => {
    // The older POG will have two reports, the newer one one: the two orders differ.
    const owner = await e2e.newContext();
    const { userId, pog: much } = await playerWithPog(owner, 'reportedowner', { name: 'Much Reported', textContent: 'MUCH' });
    const once = await giveAnotherPog(e2e, owner, userId, { name: 'Once Reported' });

    // One reporter watches the app in a browser; the other reports through the API.
    const watcher = await e2e.newPage();
    await registerThroughUi(watcher, 'watchfulreporter');
    await waitUntilLive(watcher);
    const other = await e2e.newContext();
    expect((await other.request.post('/api/register', { data: { username: 'otherreporter', password: 'secret123' } })).status()).toBe(201);
    await report(watcher.context(), much.id, 'Copied from my friend');
    await report(other, much.id, 'Rude picture');
    await report(other, once.id, 'Spam');

    const adminContext = await e2e.newContext();
    expect((await adminContext.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const admin = await adminContext.newPage();
    await admin.goto('/admin');
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await admin.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });

    const queue = admin.getByRole('list', { name: 'Flagged POGs' });
    await card(queue, 'Much Reported').waitFor();
    await card(queue, 'Once Reported').waitFor();
    expect(await card(queue, 'Much Reported').getByTestId('report-count').textContent()).toBe('2 reports');
    expect(await card(queue, 'Once Reported').getByTestId('report-count').textContent()).toBe('1 report');
    // Newest first by default; most reported first on request.
    expect(await cardNames(queue)).toEqual(['Once Reported', 'Much Reported']);
    const order = admin.getByRole('combobox', { name: 'Order' });
    expect(await order.inputValue()).toBe('newest');
    await order.selectOption('reports');
    await expect.poll(() => cardNames(queue)).toEqual(['Much Reported', 'Once Reported']);
    await snapshot(admin, 'admin-queue-by-reports');

    // A third report moves the other POG level, live: two reports each, the newer first.
    const third = await e2e.newContext();
    expect((await third.request.post('/api/register', { data: { username: 'thirdreporter', password: 'secret123' } })).status()).toBe(201);
    await report(third, once.id, 'Stolen design');
    await expect.poll(() => card(queue, 'Once Reported').getByTestId('report-count').textContent()).toBe('2 reports');
    await expect.poll(() => cardNames(queue)).toEqual(['Once Reported', 'Much Reported']);

    // The dialog lists why each player reported it; approving answers them.
    await card(queue, 'Much Reported').getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: 'Moderate POG' });
    const reasons = review.getByTestId('report-reasons');
    await reasons.waitFor();
    await review.getByRole('heading', { name: '2 reports' }).waitFor();
    expect((await reasons.getByRole('listitem').allTextContents()).sort()).toEqual(['otherreporter: Rude picture', 'watchfulreporter: Copied from my friend'].sort());
    await snapshot(admin, 'admin-review-reports');
    await review.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('POG has been approved', { exact: true }).first().waitFor();
    await card(queue, 'Much Reported').waitFor({ state: 'detached' });

    // The reporter watching the app is told at once, and the notice opens the POG.
    const bell = watcher.getByRole('button', { name: /^Notifications/ });
    await bell.getByTestId('unread-count').waitFor();
    await bell.click();
    const panel = watcher.getByRole('region', { name: 'Notifications' });
    const notice = panel.getByText('Your report of Much Reported was reviewed', { exact: true });
    await notice.waitFor({ timeout: 15_000 });
    await panel.getByText(/approved it: it stays in the game/).waitFor();
    await notice.click();
    await watcher.waitForURL(`**/pog/${much.id}`);
    await watcher.getByRole('heading', { name: 'Much Reported' }).first().waitFor();
  });
});
