/**
 * What the proxies in front of the app say about a request. Each trusted proxy appends what it saw
 * to the right of X-Forwarded-For, so only the last `hops` entries were written by our proxies; the
 * entry `hops` from the right is the address that connected to the outermost one. Everything left of
 * it came from the client and is ignored. X-Forwarded-Proto and -Host follow the same rule (a proxy
 * that sets rather than appends leaves a single entry, which is then the one taken).
 * `hops` is 0 when the app is not behind a proxy: the headers are then ignored altogether.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type Koa from 'koa';

type HeaderValue = string | string[] | undefined;

/** The entry of a forwarded header that the outermost trusted proxy wrote, if any. */
export function forwardedEntry(value: HeaderValue, hops: number): string | undefined {
  if (hops < 1 || value === undefined) return undefined;
  const entries = (Array.isArray(value) ? value.join(',') : value).split(',').map((entry) => entry.trim());
  return entries.slice(-hops)[0] || undefined;
}

export function requestProtocol(headers: IncomingHttpHeaders, encrypted: boolean, hops: number): 'http' | 'https' {
  if (encrypted) return 'https';
  return forwardedEntry(headers['x-forwarded-proto'], hops)?.toLowerCase() === 'https' ? 'https' : 'http';
}

export function requestHost(headers: IncomingHttpHeaders, hops: number): string {
  return forwardedEntry(headers['x-forwarded-host'], hops) ?? headers.host ?? '';
}

/** The origin the request was addressed to, e.g. https://pogs.example.com. */
export function requestOrigin(headers: IncomingHttpHeaders, encrypted: boolean, hops: number): string {
  return `${requestProtocol(headers, encrypted, hops)}://${requestHost(headers, hops)}`;
}

/**
 * Trusts `hops` proxies. The client address is Koa's own: with `proxy` on, `ctx.ip` is the first of
 * the last `maxIpsCount` entries of X-Forwarded-For (`proxyIpHeader`), the rule above. Koa takes
 * the leftmost entry of X-Forwarded-Proto and -Host, which behind an appending proxy is the client's
 * own; so `ctx.protocol`, `ctx.secure` and `ctx.host` follow the rule above instead, the same one
 * the socket handshake (outside Koa) applies.
 */
export function trustProxyHops(koa: Koa, hops: number): void {
  koa.proxy = hops > 0;
  koa.proxyIpHeader = 'X-Forwarded-For';
  koa.maxIpsCount = hops;
  Object.defineProperties(koa.request, {
    protocol: {
      configurable: true,
      get(this: Koa.Request) {
        return requestProtocol(this.headers, Boolean((this.socket as { encrypted?: boolean }).encrypted), hops);
      },
    },
    host: {
      configurable: true,
      get(this: Koa.Request) {
        return requestHost(this.headers, hops);
      },
    },
  });
}
