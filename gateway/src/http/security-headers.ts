/**
 * The security headers every answer carries, whether it is the web app, an API answer or an
 * uploaded image, set by helmet. In compose, nginx must send the same values for the SPA it serves
 * itself (docs/architecture.md, Security headers).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet from 'helmet';

/**
 * The Content-Security-Policy directives. Scripts only from our own origin, never inline. Styles
 * may be inline because styled-components writes <style> elements at run time. Images from our
 * origin (uploads included), data: URLs (placeholders) and blob: URLs (the crop dialog's preview).
 * Fonts are self-hosted. Nobody may frame the app (clickjacking).
 */
const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // 'self' covers same-origin ws:/wss: too (Socket.IO), in CSP Level 3 browsers.
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy as helmet writes it (directives joined by ";"). */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => [name, ...values].join(' '))
  .join(';');

/** Browser features the app never uses, switched off for every frame (helmet has no option for it). */
export const PERMISSIONS_POLICY = ['accelerometer=()', 'camera=()', 'geolocation=()', 'gyroscope=()', 'magnetometer=()', 'microphone=()', 'payment=()', 'usb=()'].join(', ');

/** What every answer carries: helmet's share and the Permissions-Policy. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  // For browsers older than CSP's frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/** Helmet with exactly the headers above; its other defaults (HSTS, COOP, CORP and so on) stay off. */
const setHelmetHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES as Record<string, string[]> },
  xContentTypeOptions: true,
  referrerPolicy: { policy: 'same-origin' },
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
});

/**
 * The headers helmet sets, asked of it once: none of our directives depends on the request (no
 * nonce, no function), so every answer gets the same values, and helmet's per-request work (the
 * policy rebuilt and each header set through its own middleware) is done at start-up instead.
 */
function helmetHeaders(): Readonly<Record<string, string>> {
  const headers: OutgoingHttpHeaders = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  } as unknown as ServerResponse;
  let failed: unknown;
  let done = false;
  setHelmetHeaders({ headers: {} } as IncomingMessage, res, (error?: unknown) => {
    failed = error;
    done = true;
  });
  if (!done || failed) throw new Error(`helmet did not set its headers: ${String(failed ?? 'it did not finish at once')}`);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}

/** Sets the headers before anything else runs, so error answers carry them too. */
export function securityHeaders(): Middleware {
  const headers = Object.entries({ ...helmetHeaders(), 'Permissions-Policy': PERMISSIONS_POLICY });
  return (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
