/**
 * Why a POG was flagged, and the audit log, in a browser: a player's POG repeats another player's
 * picture and a third POG's name is on the blocklist; the admin's Moderate POG dialog says why each
 * was flagged (the repeated POG linked to its page) and lists the flag in its history; after a
 * decision, the Audit log tab lists every action newest first and filters by action, admin and target.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Pog } from '@pog/common';
import { E2E_ADMIN_PASSWORD, hasChromium, playerWithPog, snapshot, useE2E } from './harness';

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });

async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="#0f766e"/><circle cx="300" cy="300" r="200" fill="#f97316"/>
    <rect x="60" y="380" width="180" height="160" fill="#e11d48"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Signs a player up in `context` and creates one POG showing `image` (uploaded by them). */
async function pogWithPicture(context: BrowserContext, username: string, name: string, image: Buffer): Promise<Pog> {
  const registered = await context.request.post('/api/register', { data: { username, password: 'secret123' } });
  expect(registered.status()).toBeLessThan(300);
  const user = (await registered.json()) as { id: number };
  const uploaded = await context.request.post('/api/upload', { multipart: { image: { name: 'art.jpg', mimeType: 'image/jpeg', buffer: image } } });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const created = await context.request.post('/api/pogs', {
    data: { userId: user.id, name, textContent: '', imageUrl: url, backgroundColor1: '#000000', backgroundColor2: '#333333', textColor: '#ffffff', fontFamily: 'Bangers', imageStyle: 'cover' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Pog;
}

/** Waits until the worker has scored the POG (so that a later look-alike is the one flagged). */
async function scored(context: BrowserContext, id: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const pog = (await (await context.request.get(`/api/pogs/${id}`)).json()) as Pog;
    if (!pog.pointsPending) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`POG ${id} was not scored in time`);
}

describe.skipIf(!hasChromium())('moderation reasons and the audit log in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows why a POG was flagged, with the repeated POG linked, and filters the Audit log tab', async () => {
    const image = await picture();
    const painter = await e2e.newContext();
    const original = await pogWithPicture(painter, 'painter', 'Sunset Disc', image);
    await scored(painter, original.id);
    const copy = await pogWithPicture(await e2e.newContext(), 'tracer', 'Traced Disc', image);
    await playerWithPog(await e2e.newContext(), 'potty', { name: 'Sh1t happens', textContent: 'OOPS' });

    const adminContext = await e2e.newContext();
    expect((await adminContext.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const admin = await adminContext.newPage();
    await admin.goto('/admin');
    const flaggedList = admin.getByRole('list', { name: 'Flagged POGs' });
    await card(flaggedList, 'Sh1t happens').waitFor({ timeout: 30_000 });
    await card(flaggedList, 'Traced Disc').waitFor({ timeout: 30_000 });
    // The picture's first user is not flagged: the rule protects the original.
    expect(await card(flaggedList, 'Sunset Disc').count()).toBe(0);

    // The look-alike: the dialog names the POG it repeats and links to its page.
    await card(flaggedList, 'Traced Disc').getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: 'Moderate POG' });
    const reason = review.getByTestId('flag-reason');
    await reason.getByText('Image repeats').waitFor();
    const link = reason.getByRole('link', { name: `POG #${original.id}` });
    expect(await link.getAttribute('href')).toBe(`/pog/${original.id}`);
    const history = review.getByRole('list', { name: 'Moderation history entries' });
    const flagLine = history.getByRole('listitem').filter({ hasText: 'Flagged' });
    await flagLine.getByText('Automatic check', { exact: false }).waitFor();
    expect(await flagLine.getByRole('link', { name: `POG #${original.id}` }).getAttribute('href')).toBe(`/pog/${original.id}`);
    await snapshot(admin, 'moderation-reason-image');
    await review.getByLabel('Moderation Notes').fill('A traced picture.');
    await review.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('POG has been rejected', { exact: true }).first().waitFor();
    await review.waitFor({ state: 'detached' });

    // The blocked word.
    await card(flaggedList, 'Sh1t happens').getByRole('button', { name: 'Review' }).click();
    await review.getByTestId('flag-reason').getByText('Blocked word "shit"').waitFor();
    await review.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('POG has been approved', { exact: true }).first().waitFor();
    await review.waitFor({ state: 'detached' });

    // The Audit log tab: every action, newest first.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const table = admin.getByRole('table', { name: 'Audit log' });
    const rows = table.locator('tbody tr');
    await rows.first().getByText('Approved', { exact: true }).waitFor();
    const actions = async () => (await rows.locator('td:nth-child(2)').allTextContents()).map((text) => text.trim());
    expect((await actions()).slice(0, 2)).toEqual(['Approved', 'Rejected']);
    expect(await actions()).toEqual(expect.arrayContaining(['Flagged']));
    const rejectedRow = rows.filter({ hasText: 'Rejected' });
    await rejectedRow.getByText('A traced picture.').waitFor();
    const who = (await rejectedRow.locator('td:nth-child(3)').textContent())!.trim();
    expect(who).toMatch(/^Admin password session #\d+, started /);

    const filters = admin.getByRole('form', { name: 'Audit log filters' });
    // By action.
    await filters.getByLabel('Action').selectOption('flagged');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await rows.filter({ hasText: 'Approved' }).waitFor({ state: 'detached' });
    expect(new Set(await actions())).toEqual(new Set(['Flagged']));
    await rows.filter({ hasText: 'Blocked word "shit"' }).waitFor();
    expect(await rows.filter({ hasText: 'Traced Disc' }).getByRole('link', { name: `POG #${original.id}` }).count()).toBe(1);
    // By target: the look-alike's lines alone, its flag and its rejection.
    await filters.getByLabel('Action').selectOption('');
    await filters.getByLabel('Target', { exact: true }).selectOption('pog');
    await filters.getByLabel('Target id').fill(String(copy.id));
    await filters.getByRole('button', { name: 'Filter' }).click();
    await rows.filter({ hasText: 'Sh1t happens' }).waitFor({ state: 'detached' });
    expect(await actions()).toEqual(['Rejected', 'Flagged']);
    // By admin: the session's number; the automatic flag is not theirs.
    const session = /#(\d+)/.exec(who)![1]!;
    await filters.getByLabel('Admin').fill(`#${session}`);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await rows.filter({ hasText: 'Flagged' }).waitFor({ state: 'detached' });
    expect(await actions()).toEqual(['Rejected']);
    await snapshot(admin, 'audit-log-filtered');
    // A target id that is not one is refused in the form.
    await filters.getByLabel('Target id').fill('abc');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await filters.getByRole('alert').getByText('The target id must be a whole number').waitFor();
    await filters.getByRole('button', { name: 'Clear' }).click();
    await rows.filter({ hasText: 'Sh1t happens' }).first().waitFor();
  });
});
