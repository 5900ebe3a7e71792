/**
 * The requests a first screen can start before the app's code has loaded. The build loads this
 * module with a script of its own ahead of the app's (web/vite.config.ts), and it imports nothing,
 * so it runs as soon as its few hundred bytes arrive. On /explore it asks for the list's first page
 * at once, as a preload that the app's own request then takes over, instead of once the app's code
 * has downloaded and run: on a phone, most of the wait for the first cards. The address must be the
 * app's first request to the letter (firstRequests.test.ts checks it against the app's own code);
 * an address with filters is left to the app.
 */

/** A card with its gaps, roughly (POG_CARD_SIZES.md plus padding, name and meta). */
const CARD_BOX = { width: 180, height: 250 };

/**
 * How many POGs a browsing page asks for in a window of this size: what fills it and a row more (a
 * phone draws a dozen cards instead of rendering two dozen it cannot show), from 8 to 48.
 */
export function explorePageSizeFor(width: number, height: number): number {
  const columns = Math.max(1, Math.floor(width / CARD_BOX.width));
  return Math.min(48, Math.max(8, columns * (Math.ceil(height / CARD_BOX.height) + 1)));
}

/** The readable cookie the server keeps beside a player's session (AUTH.signedInHintCookie), as set. */
const SIGNED_IN_HINT = 'pf.signed-in=1';

/** The address of the first page /explore lists, if this is /explore without filters. */
export function exploreFirstPageUrl(page: { pathname: string; search: string; cookies: string; width: number; height: number }): string | undefined {
  if (page.pathname !== '/explore') return undefined;
  const params = new URLSearchParams(page.search);
  const tab = params.get('tab');
  params.delete('tab');
  if ([...params.keys()].length > 0) return undefined;
  const signedIn = page.cookies.split(';').some((pair) => pair.trim() === SIGNED_IN_HINT);
  // A visitor sees the newest POGs; a player the trending ones, or the newest when the tab says so.
  const sort = signedIn && tab !== 'recent' ? 'trending' : 'recent';
  return `/api/pogs?sort=${sort}&limit=${explorePageSizeFor(page.width, page.height)}`;
}

function preload(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = url;
  document.head.append(link);
}

if (typeof document !== 'undefined') {
  const url = exploreFirstPageUrl({ pathname: location.pathname, search: location.search, cookies: document.cookie, width: innerWidth, height: innerHeight });
  if (url) preload(url);
}
