/** The current user lives in the query cache under one key; these helpers are its only writers. */
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, AUTH, type User } from '@pog/common';
import { forgetReadPositions, noteReadPosition } from '../realtime/readPositions';

export const CURRENT_USER_KEY = [apiPaths.auth.currentUser.path] as const;

/** Signs a user in locally: drops whatever the previous session had cached, then stores the user. */
export function startSession(queryClient: QueryClient, user: User): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData<User | null>(CURRENT_USER_KEY, user);
  forgetReadPositions();
  noteReadPosition(user);
}

/** Signs out locally (logout, revoked session): no private data may outlive the session. */
export function endSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData<User | null>(CURRENT_USER_KEY, null);
  forgetReadPositions();
  forgetSignedIn();
}

const HINT = AUTH.signedInHintCookie;

/**
 * Whether this browser holds a player session, as far as its cookies tell: the server keeps a
 * readable hint beside the HttpOnly session cookie (set at sign-in, cleared at logout, ban or
 * expiry, as each API call is answered). A guess, good enough for starting a screen's data before
 * GET /api/user answers (never for deciding what anyone may see).
 */
export function probablySignedIn(): boolean {
  return hintSaysSignedIn(document.cookie);
}

/** Reads the hint from a `document.cookie` string ("a=1; b=2"). */
export function hintSaysSignedIn(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${HINT}=1`);
}

/** A session this page saw end (logout, revoked): the hint goes at once, before the server's next answer. */
function forgetSignedIn(): void {
  document.cookie = `${HINT}=; Max-Age=0; Path=/; SameSite=Lax`;
}
