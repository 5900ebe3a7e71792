/**
 * The signed-in header at every width from 320 to 1920 px: each link and button lies inside the
 * window, none overlaps another, a click at its middle lands on it, and every page stays one
 * click or menu away (the links that do not fit wait behind More; below 900 px, the mobile menu).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, playerWithPog, useE2E } from './harness';

const PAGES = ['Create', 'Explore', 'Players', 'Collection', 'Trade', 'Battle', 'Leaderboard', 'Game Guide', 'Profile'];
const WIDTHS = [...Array.from({ length: 41 }, (_, i) => 320 + i * 40), 899, 900, 1099, 1279, 1280];

/** What the header shows at this width, and the controls whose boxes collide or leave the window. */
async function headerAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  // The links are re-measured after a resize; two frames let that settle.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const header = document.querySelector('header')!;
    const controls = [...header.querySelectorAll<HTMLElement>('a, button')].filter((element) => {
      if (element.closest('[aria-hidden="true"]')) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
    const name = (element: HTMLElement) => element.getAttribute('aria-label') ?? element.textContent!.trim();
    const boxes = controls.map((element) => ({ element, name: name(element), box: element.getBoundingClientRect() }));
    const problems: string[] = [];
    for (const [i, a] of boxes.entries()) {
      if (a.box.left < 0 || a.box.right > window.innerWidth) problems.push(`${a.name} leaves the window`);
      const hit = document.elementFromPoint(a.box.left + a.box.width / 2, a.box.top + a.box.height / 2);
      if (!hit || !a.element.contains(hit)) problems.push(`a click on ${a.name} lands elsewhere`);
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.box.left < b.box.right - 0.5 && b.box.left < a.box.right - 0.5 && a.box.top < b.box.bottom - 0.5 && b.box.top < a.box.bottom - 0.5;
        if (overlap && !a.element.contains(b.element) && !b.element.contains(a.element)) problems.push(`${a.name} overlaps ${b.name}`);
      }
    }
    const nav = document.querySelector('nav[aria-label="Main"]');
    const links = nav ? [...nav.querySelectorAll<HTMLElement>(':scope > ul > li > a')].filter((link) => link.getBoundingClientRect().width > 0).map(name) : [];
    const more = boxes.some((control) => control.name === 'More');
    const mobile = boxes.some((control) => control.name === 'Open menu');
    return { problems, links, more, mobile };
  });
}

describe.skipIf(!hasChromium())('the header at every width [needs Chromium]', () => {
  const e2e = useE2E();

  it('fits from 320 to 1920 px with every page reachable', async () => {
    const context = await e2e.newContext();
    await playerWithPog(context, 'widths', { name: 'Width disc', textContent: 'W' });
    const page = await context.newPage();
    await page.goto('/explore');
    await page.getByRole('link', { name: 'Explore', exact: true }).first().waitFor();
    await page.evaluate(() => document.fonts.ready);

    const seen: Record<number, number> = {};
    for (const width of WIDTHS) {
      const header = await headerAt(page, width);
      expect(header.problems, `at ${width} px`).toEqual([]);
      if (width < 900) {
        expect(header.mobile, `the mobile menu at ${width} px`).toBe(true);
        expect(header.links, `no header links at ${width} px`).toEqual([]);
      } else {
        // The links shown are the first ones in order; More holds the rest whenever any is missing.
        expect(header.links, `at ${width} px`).toEqual(PAGES.slice(0, header.links.length));
        expect(header.more, `More at ${width} px`).toBe(header.links.length < PAGES.length);
        seen[width] = header.links.length;
      }
    }
    // Wider never shows fewer links, and the widest shows them all.
    const counts = Object.keys(seen).map(Number).sort((a, b) => a - b).map((width) => seen[width]!);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(seen[1920]).toBe(PAGES.length);

    // Where some wait behind More, More lists exactly those, and marks itself when one is open.
    await headerAt(page, 1000);
    const shown = (await headerAt(page, 1000)).links;
    expect(shown.length).toBeLessThan(PAGES.length);
    await page.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('region', { name: 'More pages' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(PAGES.slice(shown.length));
    await menu.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    // The address changes before React draws the new screen; its title says the header has too.
    await page.waitForFunction(() => document.title.startsWith('Profile'));
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'More' }).click();
    expect(await menu.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
  }, 120_000);
});
