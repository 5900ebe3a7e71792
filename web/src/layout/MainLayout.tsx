import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import styled from 'styled-components';
import { SectionErrorBoundary } from '../components/ErrorPanel';
import { PageSpinner } from '../components/Spinner';
import { Header } from './Header';

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

/** Header and content area; a failing or loading screen never takes the header with it. */
export function MainLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Header />
      <Main id="content">
        <SectionErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </SectionErrorBoundary>
      </Main>
    </>
  );
}
