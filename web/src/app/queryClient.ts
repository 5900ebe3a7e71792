/**
 * TanStack Query as the product spec (limits) sets it: data is fresh for 60 s, queries and mutations retry
 * once, refetch on window focus, no polling. Every query names its call of the route table
 * (`routeQuery` in api/client.ts), whose URL is also its key, e.g. ['/api/notifications'].
 *
 * Network mode 'always': by default TanStack Query *pauses* a query or mutation while the browser
 * is offline and runs it when the connection returns. For a write that means a Save stuck on
 * 'Saving...' that then happens behind the player's back minutes later. Here every call runs at
 * once: offline, the client fails it at once with NETWORK_ERROR, the control comes back and the
 * player is told (and queries still refetch when the connection returns).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY } from '@pog/common';
import { isBrowserOnline } from '../features/network/browserOnline';
import { shouldRetryRead, shouldRetryWrite } from '../api/errors';
import { reportError, showErrorToast } from '../features/errors/showError';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** false: the screen shows the failure itself, so no global toast. */
      errorToast?: boolean;
    };
  }
}

const retryRead = (failureCount: number, error: unknown) => shouldRetryRead(failureCount, error, QUERY.retries, isBrowserOnline());
const retryWrite = (failureCount: number, error: unknown) => shouldRetryWrite(failureCount, error, QUERY.retries);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        reportError(error, `query ${JSON.stringify(query.queryKey)}`);
        // A failed background refresh keeps the old data on screen: not worth interrupting for.
        if (query.meta?.errorToast === false || query.state.data !== undefined) return;
        showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // Mutations with their own onError say something more specific (e.g. 'Login failed').
        if (!mutation.options.onError) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY.staleTimeMs,
        networkMode: 'always',
        retry: retryRead,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: { networkMode: 'always', retry: retryWrite },
    },
  });
}
