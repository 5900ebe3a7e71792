/**
 * What Explore lists first, and starting it early: the /explore route asks for it as navigation
 * begins (app/router.tsx), alongside the screen's code and GET /api/user, so the first cards do not
 * wait for either; and a player's first steps (the panel above the list) as soon as the session
 * names them. Kept free of components, so the route table can import it cheaply.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@pog/common';
import { CURRENT_USER_KEY, probablySignedIn } from '../../features/auth/session';
import { currentUserAnswer } from '../../features/auth/useCurrentUser';
import { prefetchFirstSteps } from '../../features/onboarding/checklist';
import { prefetchExplorePogs } from '../../features/pogs/queries';
import { readExploreView } from './exploreView';

/** The first page of the view the address asks for (exploreView.ts). */
function firstPage(signedIn: boolean, params: URLSearchParams) {
  const { values, sort } = readExploreView(params, signedIn);
  return { ...values, sort };
}

/**
 * Starts the first page of the list this browser will see: for the known user, else the likely
 * one (and a player's first steps once the session names them). When that guess turns out wrong (a session this browser had not seen, or one that ended),
 * the right page starts as soon as the session answers, not once the screen has rendered.
 */
export function prefetchExploreFirstPage(queryClient: QueryClient, params: URLSearchParams): void {
  const user = queryClient.getQueryData<User | null>(CURRENT_USER_KEY);
  if (user !== undefined) {
    prefetchExplorePogs(queryClient, firstPage(user !== null, params));
    if (user) prefetchFirstSteps(queryClient, user.id);
    return;
  }
  const guess = probablySignedIn();
  prefetchExplorePogs(queryClient, firstPage(guess, params));
  currentUserAnswer(queryClient).then(
    (answer) => {
      if (answer) prefetchFirstSteps(queryClient, answer.id);
      if ((answer !== null) !== guess) prefetchExplorePogs(queryClient, firstPage(answer !== null, params));
    },
    () => undefined, // the screen shows the session's failure itself
  );
}
