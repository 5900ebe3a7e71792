import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { Toaster } from '../components/Toaster';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { NetworkBanner } from '../features/network/NetworkBanner';
import { useNetworkMonitor } from '../features/network/useNetworkMonitor';
import { useRealtime } from '../features/realtime/useRealtime';

/** What every screen shares, with or without the main layout: the banner, live updates, toasts. */
export function AppShell() {
  const { data: user } = useCurrentUser();
  useNetworkMonitor();
  useRealtime(user?.id ?? null);
  return (
    <>
      <NetworkBanner />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}
