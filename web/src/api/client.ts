/**
 * The one way the app talks to the gateway: through the route table. Every call sends the session
 * cookie and JSON; every failure comes back as an AppError with a catalogue code (see ./errors).
 */
import { queryOptions } from '@tanstack/react-query';
import { routeUrl, type RouteAt, type RouteCall, type RoutePath, type RouteResponse, type UrlValue } from '@pog/common';
import { errorFromResponse, networkError } from './errors';
import { isBrowserOnline } from '../features/network/browserOnline';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  /** JSON-encoded, unless it is a FormData (sent as multipart). */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** The one request: JSON (or multipart) in, the parsed JSON answer and the headers out. */
async function request(path: string, options: RequestOptions = {}): Promise<ApiResponse<unknown>> {
  // Fail fast while offline instead of waiting for the browser to give up on the socket.
  if (!isBrowserOnline()) throw networkError();

  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (an upload) sets its own multipart content type, boundary included.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }

  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, text);
  const data: unknown = response.status === 204 || text === '' ? undefined : JSON.parse(text);
  return { data, headers: response.headers };
}

/** A route's arguments, typed by its entry in the route table: optional when it takes no params and no body. */
type CallArgs<P extends RoutePath> = object extends RouteCall<RouteAt<P>> ? [input?: RouteCall<RouteAt<P>>, signal?: AbortSignal] : [input: RouteCall<RouteAt<P>>, signal?: AbortSignal];
type Answer<P extends RoutePath> = RouteResponse<RouteAt<P>>;

/** The URL of a call (also the first element of its query key). */
export function callUrl<P extends RoutePath>(route: P, input?: RouteCall<RouteAt<P>>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, UrlValue>; query?: Record<string, UrlValue | undefined> };
  return routeUrl(route.path, params, query);
}

/**
 * Calls a route (`apiPaths` of common/src/api/paths.ts: method and path, no schema loaded), with its
 * response headers (e.g. a list's `X-Next-Cursor`): the params, query and body are typed by the
 * schemas of its entry in the route table, and so is the answer, which is what the gateway's
 * handler for the same entry returned.
 */
export async function apiWithHeaders<P extends RoutePath>(route: P, ...[input, signal]: CallArgs<P>): Promise<ApiResponse<Answer<P>>> {
  const { body } = (input ?? {}) as { body?: unknown };
  const answer = await request(callUrl(route, input), { method: route.method, body, signal });
  // The gateway checks its answers against the same schema (under test), so this is its type.
  return answer as ApiResponse<Answer<P>>;
}

export async function api<P extends RoutePath>(route: P, ...args: CallArgs<P>): Promise<Answer<P>> {
  return (await apiWithHeaders(route, ...args)).data;
}

/**
 * A GET as query options: its URL is the query key (as everywhere in the app, so a key names
 * exactly the data it holds and invalidating by URL prefix works), the typed call its function.
 */
export function routeQuery<P extends RoutePath & { method: 'GET' }>(route: P, ...[input]: CallArgs<P>) {
  const url = callUrl(route, input);
  // queryOptions tags the key with the answer's type, so getQueryData/setQueryData on a key made
  // here (routeKey) know what the cache holds without naming it.
  return queryOptions({
    queryKey: [url] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => api(route, ...([input, signal] as CallArgs<P>)),
  });
}

/** The query key of a GET through the route table, typed with its answer (see routeQuery). */
export function routeKey<P extends RoutePath & { method: 'GET' }>(route: P, ...args: CallArgs<P>) {
  return routeQuery(route, ...args).queryKey;
}
