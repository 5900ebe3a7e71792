/**
 * Explore's grid reads calmly whatever the POGs hold: on a desktop and on a phone, a rarity badge
 * and its points share one line (LEGENDARY as well as RARE), every card of a row is as tall as the
 * others, and on a phone the card's actions sit off the disc. A toast never covers a dialog's buttons.
 * The list's answer is given every rarity and long names, so that each case is on screen.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE_VIEWPORT } from './audit';
import { hasChromium, playerWithPog, useE2E } from './harness';

const LOOKS = [
  { rarity: 'legendary', points: 1950, name: 'Legend of the Longest Name Ever Typed' },
  { rarity: 'uncommon', points: 188, name: 'Un' },
  { rarity: 'common', points: 77, name: 'Common' },
  { rarity: 'epic', points: 640, name: 'Epic tale' },
  { rarity: 'rare', points: 333, name: 'Rare' },
  { rarity: 'uncommon', points: 1111, name: 'Another uncommon one' },
];

/** Gives the list's POGs every rarity, points and name length (the layout is what is tested). */
async function varyTheList(context: BrowserContext) {
  await context.route(/\/api\/pogs\?/, async (route) => {
    const response = await route.fetch();
    const pogs = (await response.json()) as Array<Record<string, unknown>>;
    const varied = pogs.map((pog, i) => ({ ...pog, ...LOOKS[i % LOOKS.length], pointsPending: false }));
    await route.fulfill({ response, json: varied });
  });
}

/** Per card: whether badge and points share a line; per row: the cards' heights; on touch, actions on the disc. */
async function gridLayout(page: Page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"] article[data-pog-id]')];
    const box = (element: Element | null) => element?.getBoundingClientRect();
    const split: string[] = [];
    const onArt: string[] = [];
    const rows = new Map<number, number[]>();
    for (const card of cards) {
      const badge = box(card.querySelector('[data-testid="rarity"]'));
      const points = box(card.querySelector('[data-testid="points"]'));
      if (badge && points && Math.abs(badge.top + badge.height / 2 - (points.top + points.height / 2)) > 2) split.push(card.getAttribute('aria-label')!);
      // The disc's area is the card's first box (the art, its shine and its badge).
      const disc = box(card.firstElementChild);
      for (const action of card.querySelectorAll('button[aria-label^="Trade"], a[aria-label^="Challenge"]')) {
        const a = action.getBoundingClientRect();
        if (disc && a.width > 0 && a.left < disc.right && disc.left < a.right && a.top < disc.bottom && disc.top < a.bottom) onArt.push(card.getAttribute('aria-label')!);
      }
      const top = Math.round(card.getBoundingClientRect().top);
      rows.set(top, [...(rows.get(top) ?? []), Math.round(card.getBoundingClientRect().height)]);
    }
    const uneven = [...rows.values()].filter((heights) => new Set(heights).size > 1);
    return { cards: cards.length, split, onArt, uneven, rows: rows.size };
  });
}

/** Waits until the list shows a card for every look, not only the first one. */
async function everyLookShown(page: Page) {
  await page.getByRole('tabpanel').getByRole('article', { name: LOOKS[0]!.name }).first().waitFor();
  await page.waitForFunction((n) => document.querySelectorAll('[role="tabpanel"] article[data-pog-id]').length >= n, LOOKS.length, { timeout: 30_000 });
}

describe.skipIf(!hasChromium())("Explore's grid [needs Chromium]", () => {
  const e2e = useE2E();

  it('keeps badges on one line, rows even, and phone actions off the art', async () => {
    const owners = await Promise.all(LOOKS.map(async (look, i) => playerWithPog(await e2e.newContext(), `calm${i}`, { name: look.name, textContent: 'CALM' })));
    expect(owners).toHaveLength(LOOKS.length);

    const desktop = await e2e.newContext();
    await playerWithPog(desktop, 'calmviewer', { name: 'Mine', textContent: 'ME' });
    await varyTheList(desktop);
    const page = await desktop.newPage();
    await page.goto('/explore');
    await everyLookShown(page);
    const wide = await gridLayout(page);
    expect(wide.cards).toBeGreaterThanOrEqual(LOOKS.length);
    expect(wide).toMatchObject({ split: [], uneven: [] });

    const phone = await e2e.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
    await playerWithPog(phone, 'calmphone', { name: 'Pocket', textContent: 'P' });
    await varyTheList(phone);
    const small = await phone.newPage();
    await small.goto('/explore');
    await everyLookShown(small);
    const narrow = await gridLayout(small);
    expect(narrow.rows).toBeGreaterThan(1);
    expect(narrow, JSON.stringify(narrow)).toMatchObject({ split: [], uneven: [], onArt: [] });
  }, 120_000);

  it("on a phone, a toast leaves the trade dialog's buttons free", async () => {
    const phone = await e2e.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
    const me = await playerWithPog(phone, 'toasty', { name: 'Toasty', textContent: 'T' });
    const otherContext = await e2e.newContext();
    const other = await playerWithPog(otherContext, 'toaster', { name: 'Crumb', textContent: 'C' });
    const page = await phone.newPage();
    await page.goto('/trade');
    await page.getByRole('button', { name: 'New Trade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trade POGs' });
    await dialog.getByRole('button', { name: 'Send Trade Offer' }).waitFor();
    // An offer arrives while the dialog is open: its toast shows over the page.
    const offer = await otherContext.request.post('/api/trades', { data: { fromUserId: other.userId, toUserId: me.userId, offerPogId: other.pog.id, requestPogId: me.pog.id } });
    expect(offer.status()).toBe(201);
    await page.getByText('New trade offer').waitFor();
    await page.waitForTimeout(300); // the toast slides in and the dialog makes room
    // Each of the dialog's buttons, scrolled into view as a player would, takes a tap at its middle.
    const covered = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[role="dialog"] button')]
        .filter((button) => {
          button.scrollIntoView({ block: 'nearest' });
          const b = button.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          return b.width > 0 && !(hit && button.contains(hit));
        })
        .map((button) => button.textContent || button.getAttribute('aria-label')),
    );
    expect(covered).toEqual([]);
    expect(await dialog.getByRole('button', { name: 'Send Trade Offer' }).isVisible()).toBe(true);
  }, 60_000);
});
