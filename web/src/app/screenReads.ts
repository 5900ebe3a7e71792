/**
 * Reads that are always taken anew (stale at once: the session, a player's stats) are taken once
 * per screen. A screen's loader starts such a read with the page, and the components that show it
 * mount once that read has answered; stale data would have each of them read it again at once. So
 * a read answered after the current screen was asked for is that screen's, and its components
 * mount on it; a later screen reads again, and window focus and invalidations refetch as before.
 */
import type { Query } from '@tanstack/react-query';

let screenAskedAt = 0;

/** What the app's router shows of its state: the location shown and the one being navigated to. */
interface Navigations<S extends { location: { key: string }; navigation: { location?: { key: string } } }> {
  state: S;
  subscribe(listener: (state: S) => void): unknown;
}

/**
 * Notes the page's load as the first screen asked for, then each navigation to another location
 * as it starts, before the new screen's loaders run.
 */
export function readAnewOnEachScreen<S extends { location: { key: string }; navigation: { location?: { key: string } } }>(router: Navigations<S>): void {
  screenAskedAt = Date.now();
  let asked = router.state.location.key;
  router.subscribe((state) => {
    const next = (state.navigation.location ?? state.location).key;
    if (next === asked) return;
    asked = next;
    screenAskedAt = Date.now();
  });
}

/** `refetchOnMount` for those reads: read again only if the data is older than the current screen. */
export function readOncePerScreen(query: Pick<Query, 'state'>): boolean {
  return query.state.dataUpdatedAt < screenAskedAt;
}
