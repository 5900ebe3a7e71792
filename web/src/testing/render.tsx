/**
 * Component tests in a DOM (happy-dom): render a screen or dialog with the app's providers (theme,
 * the app's own query client, a router at `route`) over a fake gateway, then act as a player would.
 * A test file opts in with `// @vitest-environment happy-dom` on its first line. See ./README.md.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { vi } from 'vitest';
import { createQueryClient } from '../app/queryClient';
import { theme } from '../app/theme';
import { useToastStore } from '../stores/toasts';

// findBy* and waitFor wait up to 10 s (not 1 s) for what a screen shows: a lazily loaded dialog took
// longer than a second on a loaded 2-core machine. A wait for something that never shows still fails.
configure({ asyncUtilTimeout: 10_000 });


/** One request the screen made. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/** What the fake gateway answers: a JSON body (status 200), or a status with a body. */
export type FakeAnswer = unknown | { status: number; body?: unknown };
/** Answers by "METHOD /path" (query string included); a function sees the request body. */
export type FakeRoutes = Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>;

const isStatusAnswer = (answer: unknown): answer is { status: number; body?: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && typeof (answer as { status: unknown }).status === 'number' && Object.keys(answer).every((key) => key === 'status' || key === 'body');

/**
 * Replaces `fetch` with a fake gateway. A request with no route fails the test loudly (a 599 the
 * app shows as an error, and the request listed in `requests` for the assertion).
 */
export function fakeGateway(routes: FakeRoutes) {
  const requests: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    requests.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (route === undefined) return new Response(JSON.stringify({ code: 'TEST_NO_ROUTE', message: `No fake route for ${method} ${path}` }), { status: 599 });
    const answer = typeof route === 'function' ? (route as (body: unknown) => FakeAnswer)(body) : route;
    const { status, body: payload } = isStatusAnswer(answer) ? answer : { status: 200, body: answer };
    return new Response(payload === undefined ? '' : JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    /** The requests other than GETs: what the screen changed. */
    writes: () => requests.filter((request) => request.method !== 'GET'),
  };
}

/** The router's current address, for assertions on `?edit=` and the like. */
export const currentLocation = { search: '', pathname: '' };
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    currentLocation.search = location.search;
    currentLocation.pathname = location.pathname;
  }, [location.search, location.pathname]);
  return null;
}

/** Renders `ui` as the app would (theme, a fresh query client, a router at `route`). */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const queryClient = createQueryClient();
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <LocationProbe />
          {ui}
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

/** The toast on screen now (one at a time), as its title and description. */
export const currentToast = () => {
  const toast = useToastStore.getState().current;
  return toast ? { title: toast.title, description: toast.description } : null;
};
