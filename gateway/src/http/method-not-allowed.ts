/**
 * koa-router answers a method a path does not have with a bare 405 (501 for a method no route
 * uses at all, a 5xx for a client's mistake). Both become a 405 with the usual `{message, code}`
 * body; the router's Allow header stays.
 */
import type { Middleware } from 'koa';
import { AppError } from '@pog/common';

export function methodNotAllowedAsJson(): Middleware {
  // Not async: one promise of its own, for the look at the answer once the rest has run.
  return (ctx, next) =>
    next().then(() => {
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
        const error = new AppError('VALIDATION_ERROR', `${ctx.method} is not allowed on ${ctx.path}.`, { status: 405 });
        ctx.status = error.status;
        ctx.body = error.toBody();
      }
    });
}
