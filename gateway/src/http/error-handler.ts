/**
 * The one place errors become responses: `{ message, code }` with the catalogue's codes (a 5xx adds
 * the request id, for a report to quote). Unknown failures are logged once, with their stack, and
 * answered with a generic 500 that leaks nothing. Anything else (a 4xx, a 503 while the database is
 * away) shows in the request's one access line with its code: no stack, and never the error itself,
 * which may quote the request (a malformed JSON body, password and all).
 */
import type { Middleware } from 'koa';
import { AppError, ERROR_CATALOGUE, ServiceUnavailableError, type ErrorCode } from '@pog/common';
import { isDatabaseDiskFull, isDatabaseUnavailable } from '@pog/domain/db';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { StorageFullError } from '@pog/domain/uploads';
import { noteErrorCode, requestIdOf, requestLog, routeOf } from '../observability/request-context';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** PostgreSQL gave up one of two colliding transactions: nothing was written, try again. */
const RETRYABLE_DB_CODES = new Set(['40001', '40P01']);
/**
 * The database cannot be reached, its connection was lost (down, restarting, failing over, its
 * connections ended, closed under us) or it ran out of a resource: what the request was writing
 * was rolled back.
 */
function isUnreachable(error: unknown): boolean {
  const { message, cause } = error as { message?: string; cause?: { message?: string } };
  return isDatabaseUnavailable(error) || /PGlite is closed|Client was closed and is not queryable/.test(`${message} ${cause?.message}`);
}

/** The codes of the 4xx statuses raised outside our routes; any other 4xx is a VALIDATION_ERROR. */
const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED' };

/** Errors raised by the body parser and friends (http-errors), or undefined for any other error. */
function fromHttpError(e: HttpLikeError): AppError | undefined {
  const status = e.status ?? e.statusCode;
  if (e.type === 'entity.too.large' || status === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.', { status: 413 });
  }
  if (e.type === 'entity.parse.failed') return new AppError('VALIDATION_ERROR', 'The request body is not valid JSON.');
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new AppError('VALIDATION_ERROR', 'The request body uses an unsupported encoding.', { status: 415 });
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CLIENT_ERROR_CODES[status] ?? 'VALIDATION_ERROR';
    return new AppError(code, e.expose && e.message ? e.message : ERROR_CATALOGUE[code].message, { status });
  }
  return undefined;
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = (error ?? {}) as HttpLikeError & { code?: string; cause?: { code?: string } };
  // Drizzle wraps the driver's error: the SQLSTATE is on its cause.
  const sqlState = e.code ?? e.cause?.code;
  if (sqlState && RETRYABLE_DB_CODES.has(sqlState)) {
    return new AppError('CONFLICT', 'Something else changed at the same moment. Nothing was saved; please try again.');
  }
  // A full disk is answered as a full uploads folder is; any other shortage (memory, connections)
  // as a database that is away.
  if (isDatabaseDiskFull(e)) return new StorageFullError();
  if (isUnreachable(e)) return new ServiceUnavailableError();
  return fromHttpError(e) ?? new AppError('SERVER_ERROR');
}

export function errorHandler(log: Logger = silentLogger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const appError = toAppError(error);
      // Only unexpected failures are logged here. An AppError above 500 (an upstream service busy or
      // down) was classified, and logged with its details, where it happened.
      if (appError.status === 500) {
        const route = routeOf(ctx);
        requestLog(ctx, log).error({ err: error, method: ctx.method, route }, `${ctx.method} ${route} failed`);
      } else if (isDatabaseDiskFull(error)) {
        requestLog(ctx, log).error({ component: 'db' }, "the database's disk is full: writes are refused until space is freed");
      }
      noteErrorCode(ctx, appError.code);
      ctx.status = appError.status;
      for (const [name, value] of Object.entries(appError.headers)) ctx.set(name, value);
      const requestId = requestIdOf(ctx);
      ctx.body = appError.status >= 500 && requestId ? { ...appError.toBody(), requestId } : appError.toBody();
    }
  };
}
