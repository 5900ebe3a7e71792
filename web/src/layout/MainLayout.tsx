import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import styled from 'styled-components';
import { SectionErrorBoundary } from '../components/ErrorPanel';
import { PageSpinner } from '../components/Spinner';
import { Header } from './Header';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  /* Focused only by the skip link: the whole screen needs no outline. */
  &:focus { outline: none; }
`;

/** Header and content area; a failing or loading screen never takes the header with it. */
export function MainLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink />
      <Header />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <SectionErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </SectionErrorBoundary>
      </Main>
    </>
  );
}
