/**
 * The security headers every answer carries, whether it is the web app, an API answer
 * or an uploaded image. In compose, nginx must send the same values for the SPA it serves itself
 * (docs/architecture.md, Security headers).
 */
import type { Middleware } from 'koa';

/**
 * The Content-Security-Policy. Scripts only from our own origin, never inline. Styles may be
 * inline because styled-components writes <style> elements at run time. Images from our origin
 * (uploads included), data: URLs (placeholders) and blob: URLs (the crop dialog's preview).
 * Fonts are self-hosted. Nobody may frame the app (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // 'self' covers same-origin ws:/wss: too (Socket.IO), in CSP Level 3 browsers.
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Browser features the app never uses, switched off for every frame. */
export const PERMISSIONS_POLICY = ['accelerometer=()', 'camera=()', 'geolocation=()', 'gyroscope=()', 'magnetometer=()', 'microphone=()', 'payment=()', 'usb=()'].join(', ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  // For browsers older than CSP's frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/** Sets the headers before anything else runs, so error answers carry them too. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(SECURITY_HEADERS);
    await next();
  };
}
