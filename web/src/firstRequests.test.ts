import { describe, expect, it } from 'vitest';
import { AUTH } from '@pog/common';
import { hintSaysSignedIn } from './features/auth/session';
import { pogListUrl } from './features/pogs/api';
import { readExploreView } from './pages/Explore/exploreView';
import { explorePageSizeFor, exploreFirstPageUrl } from './firstRequests';

/** The first page the app itself asks for on /explore (pages/Explore/firstPage.ts), in a window of this size. */
function appsFirstPage(search: string, cookies: string, width: number, height: number): string {
  const { values, sort } = readExploreView(new URLSearchParams(search), hintSaysSignedIn(cookies));
  return pogListUrl({ ...values, sort }, null, explorePageSizeFor(width, height));
}

const HINT = `${AUTH.signedInHintCookie}=1`;
const COOKIES = ['', HINT, `theme=dark; ${HINT}; x=1`, `${AUTH.signedInHintCookie}=0`];
const WINDOWS = [
  [320, 568],
  [412, 823],
  [768, 1024],
  [1280, 800],
  [2560, 1440],
  [120, 90],
] as const;

describe("the first requests, before the app's code", () => {
  it("asks for Explore's first page exactly as the app will, for visitors and players, in any window", () => {
    for (const search of ['', '?tab=recent', '?tab=trending', '?tab=oldest'])
      for (const cookies of COOKIES)
        for (const [width, height] of WINDOWS) {
          const early = exploreFirstPageUrl({ pathname: '/explore', search, cookies, width, height });
          expect(early, `${search} ${cookies} ${width}x${height}`).toBe(appsFirstPage(search, cookies, width, height));
        }
  });

  it('leaves addresses with filters, and every other screen, to the app', () => {
    for (const search of ['?q=fire', '?rarity=epic', '?creator=3', '?tab=recent&q=a', '?utm_source=mail'])
      expect(exploreFirstPageUrl({ pathname: '/explore', search, cookies: HINT, width: 412, height: 823 }), search).toBeUndefined();
    for (const pathname of ['/', '/auth', '/explore-user', '/collection'])
      expect(exploreFirstPageUrl({ pathname, search: '', cookies: HINT, width: 412, height: 823 }), pathname).toBeUndefined();
  });

  it('sizes a page to the window and a row more, from 8 to 48', () => {
    expect(explorePageSizeFor(412, 823)).toBe(10);
    expect(explorePageSizeFor(1280, 800)).toBe(35);
    expect(explorePageSizeFor(120, 90)).toBe(8);
    expect(explorePageSizeFor(3840, 2160)).toBe(48);
  });
});
