/** The koa-session middleware over our SessionStore: an HttpOnly, signed, SameSite=Lax cookie. */
import type Koa from 'koa';
import session from 'koa-session';
import { AUTH } from '@pog/common';
import { newSessionToken, type SessionStore } from './session-store';

export const SESSION_COOKIE = 'pf.sid';
const MAX_AGE_MS = AUTH.sessionIdleDays * 24 * 3600 * 1000;

/**
 * `Secure` follows the request: set on HTTPS (directly, or behind a TLS proxy with TRUST_PROXY),
 * never on plain HTTP, where browsers would drop the cookie and the cookies library would throw.
 */
export function sessionMiddleware(koa: Koa, store: SessionStore): Koa.Middleware {
  const middleware = session(
    {
      key: SESSION_COOKIE,
      maxAge: MAX_AGE_MS,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      renew: true,
      rolling: false,
      genid: () => newSessionToken(),
      store: {
        get: (token: string) => store.get(token),
        set: (token: string, data: Record<string, unknown>) => store.set(token, data),
        destroy: (token: string) => store.destroy(token),
      },
    },
    koa,
  ) as unknown as Koa.Middleware;
  // Only API calls need a session; static files and the health check skip the lookup.
  return async (ctx, next) => (ctx.path.startsWith('/api/') ? middleware(ctx, next) : next());
}
