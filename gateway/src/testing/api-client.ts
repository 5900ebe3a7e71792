/** A tiny HTTP client for tests that keeps the session cookie like a browser would. */
import { randomInt } from 'node:crypto';
import type { UserId } from '@pog/common/schemas/ids';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export class ApiClient {
  private cookies = new Map<string, string>();
  /** The address the (one, trusted) proxy saw: the last X-Forwarded-For entry of every request. */
  readonly address: string;
  private readonly spoofing: boolean;

  constructor(
    readonly baseUrl: string,
    options: {
      address?: string;
      /**
       * Writes a different made-up X-Forwarded-For of its own on every request, as a client dodging
       * per-address limits would; the proxy appends `address` after it.
       */
      spoofForwardedFor?: boolean;
    } = {},
  ) {
    this.address = options.address ?? randomAddress();
    this.spoofing = options.spoofForwardedFor ?? false;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sets a cookie as if the server had (test factories sign players in this way). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** Copies this client's cookies (a second tab of the same browser). */
  clone(): ApiClient {
    return this.on(this.baseUrl);
  }

  /** The same browser (address and cookies, copied) talking to another gateway of the deployment. */
  on(baseUrl: string): ApiClient {
    const copy = new ApiClient(baseUrl, { address: this.address });
    copy.cookies = new Map(this.cookies);
    return copy;
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = {
      method,
      headers: {
        'x-forwarded-for': this.spoofing ? `${randomAddress()}, ${this.address}` : this.address,
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(body !== undefined && typeof body !== 'string' && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      redirect: 'manual',
    };
    if (body !== undefined) init.body = typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body);
    const response = await fetch(this.baseUrl + path, init);
    for (const line of response.headers.getSetCookie()) this.storeCookie(line);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** Sends a file as the multipart field `image`, like the Creator Studio does. */
  upload<T = any>(bytes: Uint8Array, filename = 'pog.jpg', type = 'image/jpeg') {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
    return this.request<T>('POST', '/api/upload', form);
  }

  /** Registers a fresh player and keeps their session. */
  async register(username: string, password = 'secret-password'): Promise<{ id: UserId; username: string }> {
    const res = await this.post('/api/register', { username, password });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: UserId; username: string };
  }

  private storeCookie(line: string): void {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
