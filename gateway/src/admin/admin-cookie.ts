/**
 * The admin session cookie, separate from the player's `pf.sid`: signed with the app's keys (Koa's
 * cookies, Keygrip), HttpOnly, SameSite=Strict, and no longer-lived than the session it carries.
 */
import type { IncomingMessage } from 'node:http';
import Keygrip from 'keygrip';
import type { Context } from 'koa';
import { ADMIN_SESSION_MS } from './admin-session-store';

export const ADMIN_COOKIE = 'pf.admin';

const options = (ctx: Context) => ({ httpOnly: true, signed: true, sameSite: 'strict' as const, path: '/', secure: ctx.secure, overwrite: true });

export function readAdminCookie(ctx: Context): string | undefined {
  return ctx.cookies.get(ADMIN_COOKIE, { signed: true }) || undefined;
}

export function writeAdminCookie(ctx: Context, token: string): void {
  ctx.cookies.set(ADMIN_COOKIE, token, { ...options(ctx), maxAge: ADMIN_SESSION_MS });
}

export function clearAdminCookie(ctx: Context): void {
  ctx.cookies.set(ADMIN_COOKIE, null, options(ctx));
}

/** The admin token from a Socket.IO handshake, checked the way Koa signs cookies (`name=value`). */
export function readAdminCookieFromRequest(request: IncomingMessage, keys: string[]): string | undefined {
  const jar = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const token = jar.get(ADMIN_COOKIE);
  const signature = jar.get(`${ADMIN_COOKIE}.sig`);
  if (!token || !signature) return undefined;
  return new Keygrip(keys).index(`${ADMIN_COOKIE}=${token}`, signature) >= 0 ? token : undefined;
}
