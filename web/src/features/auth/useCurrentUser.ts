import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, type User } from '@pog/common';
import { api } from '../../api/client';
import { toAppError } from '../../api/errors';
import { readOncePerScreen } from '../../app/screenReads';
import { noteReadPosition } from '../realtime/readPositions';
import { CURRENT_USER_KEY } from './session';

/** GET /api/user: a 401 means "nobody is signed in", which is data (null), not an error. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    const user = await api(apiPaths.auth.currentUser, {}, signal);
    noteReadPosition(user);
    return user;
  } catch (error) {
    if (toAppError(error).code !== 'UNAUTHORIZED') throw error;
    return null;
  }
}

const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  // Always refetched (product spec: limits): a session can end on the server at any time. The
  // screen's own read (the route loader's) serves the components that mount on it.
  staleTime: 0,
  refetchOnMount: readOncePerScreen,
  meta: { errorToast: false },
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Asks GET /api/user as the app starts (from the route loader, before the first render), beside
 * the screen's code and data, rather than once the shell has rendered. Only the first time: later
 * checks are the screens' own (useCurrentUser).
 */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  if (queryClient.getQueryState(CURRENT_USER_KEY)) return;
  void queryClient.prefetchQuery(currentUserQuery);
}

/** The session's answer: the cached one, else the one being asked (or asked now). */
export function currentUserAnswer(queryClient: QueryClient): Promise<User | null> {
  return queryClient.ensureQueryData(currentUserQuery);
}
