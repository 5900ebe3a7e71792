/**
 * The one way the app talks to the gateway. Every call sends the session cookie and JSON; every
 * failure comes back as an AppError with a catalogue code (see ./errors).
 */
import { errorFromResponse, networkError } from './errors';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine !== false;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // Fail fast while offline instead of waiting for the browser to give up on the socket.
  if (!isBrowserOnline()) throw networkError();

  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }

  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, text);
  if (response.status === 204 || text === '') return undefined as T;
  return JSON.parse(text) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T = void>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T = void>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T = void>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T = void>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
