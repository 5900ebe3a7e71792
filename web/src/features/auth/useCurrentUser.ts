import { useQuery } from '@tanstack/react-query';
import { apiPaths, type User } from '@pog/common';
import { api } from '../../api/client';
import { toAppError } from '../../api/errors';
import { CURRENT_USER_KEY, rememberSignedIn } from './session';

/** GET /api/user: a 401 means "nobody is signed in", which is data (null), not an error. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    const user = await api(apiPaths.auth.currentUser, {}, signal);
    rememberSignedIn(true);
    return user;
  } catch (error) {
    if (toAppError(error).code !== 'UNAUTHORIZED') throw error;
    rememberSignedIn(false);
    return null;
  }
}

export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    // Always refetched (spec section 9): a session can end on the server at any time.
    staleTime: 0,
    meta: { errorToast: false },
  });
}
