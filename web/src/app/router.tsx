/**
 * The route table of the product spec (screens). Every screen is a lazily loaded chunk, so a visitor only
 * downloads the shell and the screen they open (and a chunk that failed to load is asked again).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { AppErrorScreen } from '../components/AppErrorScreen';
import { prefetchCurrentUser } from '../features/auth/useCurrentUser';
import { AppShell } from '../layout/AppShell';
import { MainLayout } from '../layout/MainLayout';
import { prefetchExploreFirstPage } from '../pages/Explore/firstPage';
import { AuthRoute, GuestOnly, RequireUser } from './guards';
import { retryableLazy } from './retryableLazy';
import { readAnewOnEachScreen } from './screenReads';

const LandingPage = retryableLazy(() => import('../pages/Landing/LandingPage'));
const AuthPage = retryableLazy(() => import('../pages/Auth/AuthPage'));
const ExplorePage = retryableLazy(() => import('../pages/Explore/ExplorePage'));
const CreatePage = retryableLazy(() => import('../pages/Create/CreatePage'));
const CollectionPage = retryableLazy(() => import('../pages/Collection/CollectionPage'));
const TradePage = retryableLazy(() => import('../pages/Trade/TradePage'));
const BattlePage = retryableLazy(() => import('../pages/Battle/BattlePage'));
const BattleRefactoredPage = retryableLazy(() => import('../pages/BattleRefactored/BattleRefactoredPage'));
const ProfilePage = retryableLazy(() => import('../pages/Profile/ProfilePage'));
const PogPage = retryableLazy(() => import('../pages/Pog/PogPage'));
const BattleVerifyPage = retryableLazy(() => import('../pages/BattleVerify/BattleVerifyPage'));
const BattleWatchPage = retryableLazy(() => import('../pages/BattleWatch/BattleWatchPage'));
const ExploreUserPage = retryableLazy(() => import('../pages/ExploreUser/ExploreUserPage'));
const LeaderboardPage = retryableLazy(() => import('../pages/Leaderboard/LeaderboardPage'));
const AssistantPage = retryableLazy(() => import('../pages/Assistant/AssistantPage'));
const AdminLoginPage = retryableLazy(() => import('../pages/AdminLogin/AdminLoginPage'));
const AdminPage = retryableLazy(() => import('../pages/Admin/AdminPage'));
const NotFoundPage = retryableLazy(() => import('../pages/NotFound/NotFoundPage'));

function LoadersStarting() {
  return null;
}

export function createRouter(queryClient: QueryClient) {
  const router = createBrowserRouter([
    {
      element: <AppShell />,
      errorElement: <AppErrorScreen />,
      // The loaders below only start requests and resolve at once: the first render waits a tick for
      // them, and nothing is worth drawing in that tick (named, so React Router does not warn).
      HydrateFallback: LoadersStarting,
      // Every screen needs the session: its request starts with the page, not after the first render.
      loader: () => {
        prefetchCurrentUser(queryClient);
        return null;
      },
      children: [
        // Shown without the main layout.
        { path: '/admin-login', element: <AdminLoginPage /> },
        {
          element: <MainLayout />,
          children: [
            {
              index: true,
              element: (
                <GuestOnly redirectTo="/explore">
                  <LandingPage />
                </GuestOnly>
              ),
            },
            {
              path: '/explore',
              element: <ExplorePage />,
              // Starts the list and the screen's code at once and resolves at once: navigation never
              // waits for them, and the screen's code does not wait for the first render to be asked.
              loader: ({ request }) => {
                prefetchExploreFirstPage(queryClient, new URL(request.url).searchParams);
                ExplorePage.preload();
                return null;
              },
              // The filters live in the address: changing them is not a new visit to prefetch for.
              shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
            },
            // A POG's page is public, like Explore: a shared link works for anyone.
            { path: '/pog/:id', element: <PogPage /> },
            // A completed battle recomputed in the browser: public too, so anyone can check a result.
            { path: '/battle/:id/verify', element: <BattleVerifyPage /> },
            // Any battle, open or settled, watched live by anyone: public too.
            { path: '/battles/:id', element: <BattleWatchPage /> },
            { path: '/leaderboard', element: <LeaderboardPage /> },
            {
              path: '/auth',
              // The sign-in form's code loads beside the session check, not once it has answered.
              loader: () => {
                AuthPage.preload();
                return null;
              },
              element: (
                <AuthRoute>
                  <AuthPage />
                </AuthRoute>
              ),
            },
            // The admin panel checks the admin session itself, never the player session.
            { path: '/admin', element: <AdminPage /> },
            {
              element: <RequireUser />,
              children: [
                { path: '/create', element: <CreatePage /> },
                { path: '/collection', element: <CollectionPage /> },
                { path: '/trade', element: <TradePage /> },
                { path: '/battle', element: <BattlePage /> },
                { path: '/battle-refactored', element: <BattleRefactoredPage /> },
                { path: '/profile', element: <ProfilePage /> },
                { path: '/explore-user', element: <ExploreUserPage /> },
                { path: '/assistant', element: <AssistantPage /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
  readAnewOnEachScreen(router);
  return router;
}
