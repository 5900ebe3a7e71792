/**
 * The route table of spec section 2. Every screen is a lazily loaded chunk, so a visitor only
 * downloads the shell and the screen they open.
 */
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppErrorScreen } from '../components/AppErrorScreen';
import { AppShell } from '../layout/AppShell';
import { MainLayout } from '../layout/MainLayout';
import { AuthRoute, GuestOnly, RequireUser } from './guards';

const LandingPage = lazy(() => import('../pages/Landing/LandingPage'));
const AuthPage = lazy(() => import('../pages/Auth/AuthPage'));
const ExplorePage = lazy(() => import('../pages/Explore/ExplorePage'));
const CreatePage = lazy(() => import('../pages/Create/CreatePage'));
const CollectionPage = lazy(() => import('../pages/Collection/CollectionPage'));
const TradePage = lazy(() => import('../pages/Trade/TradePage'));
const BattlePage = lazy(() => import('../pages/Battle/BattlePage'));
const BattleRefactoredPage = lazy(() => import('../pages/BattleRefactored/BattleRefactoredPage'));
const ProfilePage = lazy(() => import('../pages/Profile/ProfilePage'));
const ExploreUserPage = lazy(() => import('../pages/ExploreUser/ExploreUserPage'));
const AssistantPage = lazy(() => import('../pages/Assistant/AssistantPage'));
const AdminLoginPage = lazy(() => import('../pages/AdminLogin/AdminLoginPage'));
const AdminPage = lazy(() => import('../pages/Admin/AdminPage'));
const NotFoundPage = lazy(() => import('../pages/NotFound/NotFoundPage'));

export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppShell />,
      errorElement: <AppErrorScreen />,
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
            { path: '/explore', element: <ExplorePage /> },
            {
              path: '/auth',
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
}
