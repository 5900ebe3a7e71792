/** The current user lives in the query cache under one key; these helpers are its only writers. */
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, type User } from '@pog/common';

export const CURRENT_USER_KEY = [apiPaths.auth.currentUser.path] as const;

/** Signs a user in locally: drops whatever the previous session had cached, then stores the user. */
export function startSession(queryClient: QueryClient, user: User): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData<User | null>(CURRENT_USER_KEY, user);
  rememberSignedIn(true);
}

/** Signs out locally (logout, revoked session): no private data may outlive the session. */
export function endSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData<User | null>(CURRENT_USER_KEY, null);
  rememberSignedIn(false);
}

const SIGNED_IN_HINT = 'pog:signed-in';

/**
 * Whether this browser had a player signed in when it last asked: a guess, good enough for
 * starting a screen's data before GET /api/user answers (never for deciding what anyone may see).
 */
export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage refused (private mode, quota): the guess is only an optimisation.
  }
}
