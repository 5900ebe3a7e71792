/**
 * The first middleware of every request: it gives the request an id (the caller's `X-Request-Id`
 * when it is a sane one, else a new one), returns it in the response header, makes the request's
 * logger carry it, and when the response is done writes one access line (method, route pattern,
 * status, duration, client address, user id where known) and observes the request's duration for
 * /metrics. The client address is Koa's `ctx.ip`, which follows TRUST_PROXY (http/forwarded.ts).
 * Bodies, query strings and headers are never logged.
 */
import type { Context, Middleware } from 'koa';
import type { Logger } from '@pog/domain/logging';
import { sessionUserId } from '../auth/current-user';
import type { HttpMetrics } from './gateway-metrics';
import { isProbePath, REQUEST_ID_HEADER, requestIdFrom } from '@pog/domain/observability';


interface RequestState {
  requestId?: string;
  /** The logger the request's logger is made from, when first asked for. */
  parentLog?: Logger;
  log?: Logger;
  /** The catalogue code of the error answered, set by the error handler. */
  errorCode?: string;
}

export function requestIdOf(ctx: Context): string | undefined {
  return (ctx.state as RequestState).requestId;
}

/** The request's logger (with its request id, made the first time it is asked for); `fallback` outside a request context. */
export function requestLog(ctx: Context, fallback: Logger): Logger {
  const state = ctx.state as RequestState;
  if (!state.log && state.parentLog) state.log = state.parentLog.child({ requestId: state.requestId });
  return state.log ?? fallback;
}

export function noteErrorCode(ctx: Context, code: string): void {
  (ctx.state as RequestState).errorCode = code;
}

/**
 * The route pattern that answered (`/api/trades/:id/status`), never the raw path, so that a label
 * or a log field cannot be filled with whatever a client puts in a URL.
 */
export function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (isProbePath(ctx.path)) return ctx.path;
  // An API path no route answered (or one refused before routing, e.g. a body that is not JSON).
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return '/api/*';
  if (ctx.path.startsWith('/uploads/')) return '/uploads/*';
  return '/*';
}

export function requestContext(options: { log: Logger; metrics: HttpMetrics }): Middleware {
  // Not async: nothing is left to do once the rest has run (the access line waits for 'close').
  return (ctx, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(ctx.get(REQUEST_ID_HEADER) || undefined);
    const state = ctx.state as RequestState;
    state.requestId = requestId;
    state.parentLog = options.log;
    ctx.set(REQUEST_ID_HEADER, requestId);
    // Measured to the end of the response, streamed bodies included.
    ctx.res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(ctx);
      const status = ctx.status;
      options.metrics.observe(ctx.method, route, status, seconds);
      // The request id as a child logger would put it, without making one for this line alone.
      const fields: Record<string, unknown> = state.log ? {} : { requestId };
      Object.assign(fields, { method: ctx.method, route, status, durationMs: Math.round(seconds * 10_000) / 10, clientAddress: ctx.ip });
      const userId = ctx.path.startsWith('/api/') ? sessionUserId(ctx) : undefined;
      if (userId !== undefined) fields.userId = userId;
      if (state.errorCode) fields.code = state.errorCode;
      if (!ctx.res.writableFinished) fields.aborted = true;
      const message = `${ctx.method} ${route} ${status}`;
      const log = state.log ?? options.log;
      // Monitors ask the probe paths every few seconds: their lines are debug, and a probe that
      // reports the process unready (503) is a warning, not a failure of the request.
      if (isProbePath(ctx.path) && status < 400) log.debug(fields, message);
      else if (isProbePath(ctx.path) && status === 503) log.warn(fields, message);
      else if (status >= 500) log.error(fields, message);
      else log.info(fields, message);
    });
    return next();
  };
}
