/** Route guards of the route table (product spec: screens). */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorPanel } from '../components/ErrorPanel';
import { PageSpinner } from '../components/Spinner';
import { useCurrentUser } from '../features/auth/useCurrentUser';

/** Where /auth sends a player once signed in: back where they were stopped, else home. */
export interface AuthRedirectState {
  from?: string;
}

function useSession() {
  const query = useCurrentUser();
  return { user: query.data, loading: query.isPending, error: query.isError && query.data === undefined ? query.error : null, retry: query.refetch };
}

/** Player routes: a spinner while the session loads, then the screen or a redirect to /auth. */
export function RequireUser() {
  const { user, loading, error, retry } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner label="Checking your session..." />;
  if (error) return <ErrorPanel error={error} onRetry={() => void retry()} />;
  if (!user) {
    const state: AuthRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/auth" replace state={state} />;
  }
  return <Outlet />;
}

/** Screens for visitors (the landing page, /auth): a signed-in player is sent on. */
export function GuestOnly({ redirectTo, children }: { redirectTo: string; children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <PageSpinner />;
  if (user) return <Navigate to={redirectTo} replace />;
  return children;
}

/** /auth: a signed-in player goes to / (or back to the page that sent them here). */
export function AuthRoute({ children }: { children: ReactNode }) {
  const state = useLocation().state as AuthRedirectState | null;
  const from = state?.from && state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : '/';
  return <GuestOnly redirectTo={from}>{children}</GuestOnly>;
}
