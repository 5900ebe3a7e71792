/**
 * Cross-site request protection: a state-changing request (or a socket handshake) that a browser
 * says comes from another site is refused, even when it carries a valid cookie.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Middleware } from 'koa';
import { ForbiddenError } from '@pog/common';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginPolicy {
  /** Configured origins; undefined means "the origin of the request's own Host". */
  allowed: string[] | undefined;
}

export function isAllowedOrigin(policy: OriginPolicy, headers: IncomingHttpHeaders, ownOrigin: string): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== '' && origin !== 'null') {
    const allowed = policy.allowed ?? [ownOrigin];
    return allowed.includes(origin);
  }
  if (origin === 'null') return false;
  // No Origin header: fall back to the browser's own verdict when it gives one.
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

export function sameOriginGuard(policy: OriginPolicy): Middleware {
  // Not async: a request it lets through costs no promise of its own (koa-compose turns a throw into a rejection).
  return (ctx, next) => {
    if (UNSAFE.has(ctx.method) && !isAllowedOrigin(policy, ctx.headers, `${ctx.protocol}://${ctx.host}`)) {
      throw new ForbiddenError('Cross-site requests are not allowed.');
    }
    return next();
  };
}
