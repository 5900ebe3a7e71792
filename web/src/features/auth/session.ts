/** The current user lives in the query cache under one key; these helpers are its only writers. */
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@pog/common';

export const CURRENT_USER_KEY = ['/api/user'] as const;

/** Signs a user in locally: drops whatever the previous session had cached, then stores the user. */
export function startSession(queryClient: QueryClient, user: User): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData<User | null>(CURRENT_USER_KEY, user);
}

/** Signs out locally (logout, revoked session): no private data may outlive the session. */
export function endSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData<User | null>(CURRENT_USER_KEY, null);
}
