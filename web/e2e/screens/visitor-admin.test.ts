/**
 * Every screen of the route table, signed out, as a player and as an admin, with each dialog and
 * popover open, on a desktop and on a 390x844 phone: axe-core finds no
 * serious or critical violation, nothing scrolls sideways, and the Content-Security-Policy is never
 * violated. The harness runs the same checks at the end of every other browser test.
 * This file: signed out and as an admin, at both sizes, the skip link, and a page that breaks the
 * rules; the player's screens, the longest sweeps, are ./player-desktop.test.ts and ./player-phone.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, auditPage } from '../audit';
import { hasChromium, useE2E } from '../harness';
import { heading } from './sweep';
import { adminSweep, visitorSweep } from './sweeps';
import { SIZES, buildWorld, type World } from './world';

describe.skipIf(!hasChromium())('every screen signed out and as an admin: accessibility, phone layout and CSP [needs Chromium]', () => {
  const e2e = useE2E();
  let world: World;

  beforeAll(async () => {
    world = await buildWorld(e2e);
  });

  for (const size of SIZES) {
    it(`signed out, on a ${size.name}`, () => visitorSweep(e2e, world, size));
    it(`as an admin, on a ${size.name}`, () => adminSweep(e2e, size));
  }

  it('offers a skip link as the first stop of the keyboard, which moves focus past the header', async () => {
    const page = await e2e.newPage();
    await page.goto('/explore');
    await heading('Discover Pogs')(page).waitFor();
    // The tab the player is on: the browser (shared by the files of a worker) has other pages open,
    // and a page that is not the focused one does not match :focus, which is what shows the link.
    await page.bringToFront();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    // On screen once its :focus style applies. Polled: CI read it still off screen right after the
    // Tab (three runs of one commit, never locally); if it never comes, the diff shows what the page
    // saw (its focus, the window's, the scroll).
    const seen = async () =>
      JSON.stringify(
        await skip.evaluate((element) => ({
          onScreen: element.getBoundingClientRect().top >= 0,
          matchesFocus: element.matches(':focus'),
          documentHasFocus: document.hasFocus(),
          scrollY: window.scrollY,
        })),
      );
    await expect.poll(seen, { timeout: 5000 }).toContain('"onScreen":true');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // The next stop is inside the screen, not the header's links.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/explore');
  });

  it('fails a page that breaks the rules: low contrast, sideways scroll, an inline script', async () => {
    const page = await e2e.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto('/no-such-page');
    await heading('404 Page Not Found')(page).waitFor();
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Barely readable';
      faint.style.cssText = 'color: #777; background: #666;';
      const wide = document.createElement('div');
      wide.style.width = '600px';
      wide.textContent = 'Too wide';
      document.body.prepend(faint, wide);
      const inline = document.createElement('script');
      inline.textContent = 'window.ranInline = true;';
      document.head.append(inline);
    });
    const findings = await auditPage(page, 'broken');
    expect(findings.join('\n')).toMatch(/color-contrast/);
    expect(findings.join('\n')).toMatch(/sideways scroll: document is 600px wide in a 390px window/);
    // The CSP stopped the script, and the page reported it.
    expect(await page.evaluate(() => 'ranInline' in window)).toBe(false);
    const reported: string[] = [];
    await expect.poll(() => (reported.push(...e2e.takeCspViolations().map((v) => v.directive)), reported)).toContain('script-src-elem');
    // Leave nothing for the end-of-test checks, which would (rightly) fail this page too.
    await page.close();
    e2e.takeCspViolations();
  });
});
