/** The koa-session middleware over our SessionStore: an HttpOnly, signed, SameSite=Lax cookie. */
import type Koa from 'koa';
import session from 'koa-session';
import { AUTH } from '@pog/common';
import { sessionUserId } from './current-user';
import { newSessionToken, type SessionData, type SessionStore } from './session-store';

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
        // A kept session is given at once: koa-session awaits whatever `get` gives (its documentation
        // says data or a promise of it), and its types only name the promise.
        get: (token: string) => (store.kept(token) ?? store.get(token)) as Promise<SessionData | undefined>,
        set: (token: string, data: Record<string, unknown>) => store.set(token, data),
        destroy: (token: string) => store.destroy(token),
      },
    },
    koa,
  ) as unknown as Koa.Middleware;
  // Only API calls need a session; static files and the health check skip the lookup.
  return async (ctx, next) =>
    ctx.path.startsWith('/api/')
      ? middleware(ctx, () =>
          // The hint follows the answer, a failed one too (one promise, not an async frame of its own).
          next().then(
            () => syncSignedInHint(ctx),
            (error: unknown) => {
              syncSignedInHint(ctx);
              throw error;
            },
          ),
        )
      : next();
}

/**
 * Keeps the readable "signed in" hint (AUTH.signedInHintCookie) in step with the session once an API
 * call is answered: set when a session holds a player (login, registration, or a session from before
 * the hint existed), cleared when none does (logout, a ban, an expired or unknown session). Written
 * only when the browser's hint is wrong, so most answers carry no extra cookie.
 */
function syncSignedInHint(ctx: Koa.Context): void {
  const signedIn = sessionUserId(ctx) !== undefined;
  const hinted = ctx.cookies.get(AUTH.signedInHintCookie) === '1';
  if (signedIn === hinted) return;
  const options = { httpOnly: false, signed: false, sameSite: 'lax' as const, path: '/', secure: ctx.secure, overwrite: true };
  if (signedIn) ctx.cookies.set(AUTH.signedInHintCookie, '1', { ...options, maxAge: MAX_AGE_MS });
  else ctx.cookies.set(AUTH.signedInHintCookie, null, options);
}
