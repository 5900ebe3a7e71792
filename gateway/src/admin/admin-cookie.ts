/**
 * The admin session cookie, separate from the player's `pf.sid`: signed with the app's keys (Koa's
 * cookies, Keygrip), HttpOnly, SameSite=Strict, and no longer-lived than the session it carries.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { readSignedCookie } from '../http/signed-cookie';
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

/** The admin token from a Socket.IO handshake. */
export function readAdminCookieFromRequest(request: IncomingMessage, keys: string[]): string | undefined {
  return readSignedCookie(request, ADMIN_COOKIE, keys);
}
