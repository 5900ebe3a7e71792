/**
 * Fast on a phone, in a browser: the page draws the game's header before its code runs, the
 * session call starts with the page, cards ask for the picture size they show, data-saver mode
 * asks only for the smallest, Explore's list does not wait for the session call and starts before
 * the app's code, Explore runs without zod, and only the code its first screen runs is compiled
 * eagerly.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { Pog } from '@pog/common';
import { hasChromium, useE2E, waitUntilLive } from './harness';

async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
    <rect width="1200" height="1200" fill="#1d4ed8"/><circle cx="600" cy="600" r="420" fill="#facc15"/>
    <rect x="150" y="150" width="300" height="300" fill="#16a34a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A player with one POG showing an uploaded picture (which the worker stored with its variants). */
async function pogWithPicture(context: BrowserContext, username: string): Promise<Pog> {
  const registered = await context.request.post('/api/register', { data: { username, password: 'secret123' } });
  expect(registered.status()).toBeLessThan(300);
  const user = (await registered.json()) as { id: number };
  const uploaded = await context.request.post('/api/upload', { multipart: { image: { name: 'art.jpg', mimeType: 'image/jpeg', buffer: await picture() } } });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const created = await context.request.post('/api/pogs', {
    data: { userId: user.id, name: `${username} disc`, textContent: '', imageUrl: url, backgroundColor1: '#000000', backgroundColor2: '#333333', textColor: '#ffffff', fontFamily: 'Bangers', imageStyle: 'cover' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Pog;
}

/** Longer than the live connection waits for an idle moment once a screen is drawn. */
const LATE_LIST_MS = 2_000;

/** In the page: notes on its own clock (`window.firstCardAt`) when the first POG card is in the document. */
function firstCardClock(): void {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-pog-id]')) return;
    (window as unknown as { firstCardAt: number }).firstCardAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** The /uploads/ pictures a page asks for from now on. */
function uploadRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/uploads/')) urls.push(pathname);
  });
  return urls;
}

/** Makes the browser report data-saver mode (navigator.connection.saveData), as Chrome's Lite mode does. */
async function withDataSaver(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g', downlink: 10, rtt: 50 });
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
  });
}

describe.skipIf(!hasChromium())('fast on a phone [needs Chromium]', () => {
  const e2e = useE2E();

  it('cards ask for the size they show; data saver asks only for the smallest picture', async () => {
    const maker = await e2e.newContext();
    const pog = await pogWithPicture(maker, 'sizer');
    const base = pog.imageUrl.replace(/\.(jpg|webp)$/, '');

    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const requested = uploadRequests(page);
    await page.goto('/explore');
    const img = page.getByRole('img', { name: `Picture on ${pog.name}` });
    await img.waitFor();
    expect(await img.getAttribute('sizes')).toBe('140px');
    expect(await img.getAttribute('srcset')).toBe(`${base}-128.webp 128w, ${base}-256.webp 256w, ${base}-512.webp 512w, ${pog.imageUrl} 1024w`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    // A 140 px disc on a 1x screen: the 256 px copy, never the 1024 px original.
    expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toBe(`${base}-256.webp`);
    expect(requested).toEqual([`${base}-256.webp`]);

    const saver = await e2e.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    await withDataSaver(saver);
    const saverPage = await saver.newPage();
    const saverRequested = uploadRequests(saverPage);
    await saverPage.goto('/explore');
    await saverPage.getByText('Data saver mode is enabled. Media quality is reduced.').waitFor();
    const small = saverPage.getByRole('img', { name: `Picture on ${pog.name}` });
    await expect.poll(() => small.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(128);
    expect(await small.getAttribute('srcset')).toBeNull();
    expect(saverRequested).toEqual([`${base}-128.webp`]);
  });

  it('asks for the session once, with the page, before any of its code, for visitors and for players', async () => {
    for (const signedIn of [false, true]) {
      const context = await e2e.newContext();
      if (signedIn) await pogWithPicture(context, 'preloaded');
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/user' || pathname.endsWith('.js')) asked.push(pathname === '/api/user' ? 'session' : 'code');
      });
      await page.goto('/explore');
      await page.getByRole('heading', { name: signedIn ? 'Explore Pogs' : 'Discover Pogs' }).waitFor();
      await page.locator('[data-pog-id]').first().waitFor();
      const who = signedIn ? 'player' : 'visitor';
      expect(asked[0], who).toBe('session');
      // The app's own call took the preloaded answer: no second request.
      expect(asked.filter((what) => what === 'session'), who).toHaveLength(1);
    }
  });

  it("starts Explore's list before the session call answers, for visitors and for players", async () => {
    for (const signedIn of [false, true]) {
      const context = await e2e.newContext();
      if (signedIn) await pogWithPicture(context, 'early');
      // A fresh page: only the cookies of the registration (the session and its readable hint) tell it.
      const page = await context.newPage();
      // GET /api/user held back until the list has been asked for: with the old order this never ends.
      let listAsked!: () => void;
      const listed = new Promise<void>((resolve) => (listAsked = resolve));
      const order: string[] = [];
      page.on('request', (request) => {
        const { pathname, searchParams } = new URL(request.url());
        if (pathname === '/api/pogs') {
          order.push(`list:${searchParams.get('sort')}`);
          listAsked();
        }
      });
      await page.route('**/api/user', async (route) => {
        await Promise.race([listed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        order.push('user answered');
        await route.continue();
      });
      await page.goto('/explore');
      await page.getByRole('heading', { name: signedIn ? 'Explore Pogs' : 'Discover Pogs' }).waitFor();
      expect(order[0], signedIn ? 'player' : 'visitor').toBe(`list:${signedIn ? 'trending' : 'recent'}`);
      await page.unroute('**/api/user');
    }
  });

  it("asks for Explore's first page with the page, before the app's code, in one request", async () => {
    for (const signedIn of [true, false]) {
      const context = await e2e.newContext();
      if (signedIn) await pogWithPicture(context, 'preloader');
      const page = await context.newPage();
      const lists: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/pogs') lists.push(url.search);
      });
      await page.goto('/explore');
      await page.locator('[data-pog-id]').first().waitFor();
      const who = signedIn ? 'player' : 'visitor';
      // Started by the first requests' script (a preload), and the app's own call took its answer.
      const started = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/pogs').map((entry) => (entry as PerformanceResourceTiming).initiatorType));
      expect(started, who).toEqual(['link']);
      expect(lists, who).toHaveLength(1);
      expect(lists[0], who).toMatch(new RegExp(`^\\?sort=${signedIn ? 'trending' : 'recent'}&limit=\\d+$`));
    }
  });

  it("draws the game's colours and header while the app's code loads, then the app's own", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    // The app's entry script is held back: what shows meanwhile is the page's own.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/explore', { waitUntil: 'commit' });
    await page.getByText('Pog Federation', { exact: true }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 11, 36)');
    expect(await page.getByRole('button', { name: 'Help' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Discover Pogs' }).waitFor();
    expect(await page.locator('.loading-bar').count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(1);
  });

  it('runs Explore without zod, for players and for visitors, however late the list', async () => {
    for (const signedIn of [true, false]) {
      const who = signedIn ? 'player' : 'visitor';
      const context = await e2e.newContext();
      if (signedIn) await pogWithPicture(context, 'zodless');
      // The list answers late, as on a slow network: the live connection, whose events are read with
      // zod, still waits for the list to be drawn.
      await context.route(/\/api\/pogs\?/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, LATE_LIST_MS));
        await route.continue();
      });
      await context.addInitScript(firstCardClock);
      const page = await context.newPage();
      const scripts = new Map<string, Promise<string>>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) scripts.set(pathname, request.response().then((response) => response?.text() ?? ''));
      });
      await page.goto('/explore');
      await page.getByRole('heading', { name: signedIn ? 'Explore Pogs' : 'Discover Pogs' }).waitFor();
      await page.locator('[data-pog-id]').first().waitFor();
      // What the page had asked for by the time its first card was in the document, by its own clock.
      const early = await page.evaluate(() => {
        const drawnAt = (window as unknown as { firstCardAt: number }).firstCardAt;
        return performance.getEntriesByType('resource').filter((entry) => entry.startTime < drawnAt).map((entry) => new URL(entry.name).pathname);
      });
      const earlyScripts = early.filter((pathname) => pathname.endsWith('.js'));
      expect(earlyScripts.length).toBeGreaterThan(0);
      // zod's classes keep their names in the bundle ('$ZodType'): no script asked for before holds them.
      expect(earlyScripts.filter((pathname) => !scripts.has(pathname))).toEqual([]);
      const texts = await Promise.all(earlyScripts.map(async (pathname) => [pathname, await scripts.get(pathname)!] as const));
      expect(texts.filter(([, text]) => text.includes('$ZodType')).map(([pathname]) => pathname), who).toEqual([]);
      // Nor the live connection's code (chunk `connect`).
      expect(earlyScripts.filter((pathname) => pathname.startsWith('/assets/connect-')), who).toEqual([]);
    }
  });

  it("asks for eager compilation of the code Explore's first screen runs, and of nothing loaded later", async () => {
    const context = await e2e.newContext();
    await pogWithPicture(context, 'eager');
    const page = await context.newPage();
    const scripts: Array<Promise<[string, string]>> = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.push(response.text().then((text) => [pathname, text]));
    });
    await page.goto('/explore');
    await page.locator('[data-pog-id]').first().waitFor();
    // The live connection's code loads once the first screen is shown.
    await waitUntilLive(page);
    const HINT = '//# allFunctionsCalledOnLoad\n';
    const hinted = new Map((await Promise.all(scripts)).map(([pathname, text]) => [pathname.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''), text.startsWith(HINT)]));
    expect(Object.fromEntries(hinted)).toMatchObject({ index: true, vendor: true, shell: true, explore: true, socket: false });
    expect([...hinted.values()].filter(Boolean)).toHaveLength(4);
  });
});
