/**
 * What Explore lists first, and starting it early: the /explore route asks for it as navigation
 * begins (app/router.tsx), alongside the screen's code and GET /api/user, so the first cards do not
 * wait for either. Kept free of components, so the route table can import it cheaply.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PogSort, Rarity, User } from '@pog/common';
import { CURRENT_USER_KEY, probablySignedIn } from '../../features/auth/session';
import { currentUserAnswer } from '../../features/auth/useCurrentUser';
import { prefetchExplorePogs } from '../../features/pogs/queries';

export interface FilterValues {
  search: string;
  rarity: Rarity | '';
  creator: string;
}

export const NO_FILTERS: FilterValues = { search: '', rarity: '', creator: '' };

/** The player's Explore opens on Trending, the visitors' Discover on the newest. */
export const PLAYER_SORT: PogSort = 'trending';
export const VISITOR_SORT: PogSort = 'recent';

const firstPage = (signedIn: boolean) => ({ ...NO_FILTERS, sort: signedIn ? PLAYER_SORT : VISITOR_SORT });

/**
 * Starts the first page of the list this browser will see: for the known user, else the likely
 * one. When that guess turns out wrong (a session this browser had not seen, or one that ended),
 * the right page starts as soon as the session answers, not once the screen has rendered.
 */
export function prefetchExploreFirstPage(queryClient: QueryClient): void {
  const user = queryClient.getQueryData<User | null>(CURRENT_USER_KEY);
  if (user !== undefined) {
    prefetchExplorePogs(queryClient, firstPage(user !== null));
    return;
  }
  const guess = probablySignedIn();
  prefetchExplorePogs(queryClient, firstPage(guess));
  currentUserAnswer(queryClient).then(
    (answer) => {
      if ((answer !== null) !== guess) prefetchExplorePogs(queryClient, firstPage(answer !== null));
    },
    () => undefined, // the screen shows the session's failure itself
  );
}
