// @vitest-environment happy-dom
/** The route table's first render: its loaders only start requests, and React Router has a fallback named for that tick. */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { createRouter } from './router';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('renders its first tick without React Router asking for a HydrateFallback', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter(queryClient);
  render(<RouterProvider router={router} />);
  const warnings = warn.mock.calls.map((call) => String(call[0]));
  expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
  router.dispose();
  queryClient.clear();
});
