/**
 * The one way the app talks to the gateway. Every call sends the session cookie and JSON; every
 * failure comes back as an AppError with a catalogue code (see ./errors).
 */
import { errorFromResponse, networkError } from './errors';
import { isBrowserOnline } from '../features/network/browserOnline';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** JSON-encoded, unless it is a FormData (sent as multipart). */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Like apiRequest, but also returns the response headers (e.g. a list's `X-Next-Cursor`). */
export async function apiRequestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
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
  const data = (response.status === 204 || text === '' ? undefined : JSON.parse(text)) as T;
  return { data, headers: response.headers };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T = void>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T = void>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T = void>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T = void>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  /** A multipart POST (file uploads). */
  postForm: <T>(path: string, form: FormData) => apiRequest<T>(path, { method: 'POST', body: form }),
};
