// @vitest-environment happy-dom
/** Always-fresh reads are taken once per screen: the loader's read serves the components that mount on it. */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { readAnewOnEachScreen, readOncePerScreen } from './screenReads';

afterEach(cleanup);

function setUp(rule: typeof readOncePerScreen | true) {
  let reads = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = { queryKey: ['/api/user'], queryFn: async () => `read ${++reads}`, staleTime: 0, refetchOnMount: rule };
  function Badge({ label }: { label: string }) {
    const { data } = useQuery(session);
    return <p>{`${label}: ${data ?? '...'}`}</p>;
  }
  // The screen's second reader mounts only once the first has its data, as a lazily loaded page does.
  function Screen({ name }: { name: string }) {
    const { data } = useQuery(session);
    return data ? <Badge label={name} /> : null;
  }
  // Each screen its own element (key), as each page is its own component: a screen reached later mounts anew.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Badge label="header" />
            <Link to="/b">to b</Link>
            <Outlet />
          </>
        ),
        loader: () => {
          void queryClient.prefetchQuery(session);
          return null;
        },
        HydrateFallback: () => null,
        children: [
          { path: '/a', element: <Screen key="a" name="a" /> },
          { path: '/b', element: <Screen key="b" name="b" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  readAnewOnEachScreen(router);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { reads: () => reads, router };
}

it('reads once for a screen whose components mount after its loader read, and again on the next screen', async () => {
  const { reads, router } = setUp(readOncePerScreen);
  expect(await screen.findByText('a: read 1')).toBeTruthy();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(reads()).toBe(1);
  expect(screen.getByText('header: read 1')).toBeTruthy();

  await act(() => router.navigate('/b'));
  expect(await screen.findByText('b: read 2')).toBeTruthy();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(reads()).toBe(2);
  router.dispose();
});

it('reads again for each component that mounts later when stale data is refetched on every mount', async () => {
  const { reads, router } = setUp(true);
  expect(await screen.findByText(/^a: read/)).toBeTruthy();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(reads()).toBe(2);
  router.dispose();
});
