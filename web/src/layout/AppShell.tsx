import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SectionErrorBoundary } from '../components/ErrorPanel';
import { PageSpinner } from '../components/Spinner';
import { Toaster } from '../components/Toaster';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { NetworkBanner } from '../features/network/NetworkBanner';
import { useNetworkMonitor } from '../features/network/useNetworkMonitor';
import { useRealtime } from '../features/realtime/useRealtime';

/** What every screen shares, with or without the main layout: the banner, live updates, toasts. */
export function AppShell() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  useNetworkMonitor();
  useRealtime(user?.id ?? null);
  return (
    <>
      <NetworkBanner />
      {/* For the screens without the main layout (its own boundary keeps the header up). */}
      <SectionErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </SectionErrorBoundary>
      <Toaster />
    </>
  );
}
