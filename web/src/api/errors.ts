/**
 * The client half of the error catalogue (product spec: errors): every failure the data layer raises is an
 * AppError carrying a catalogue code, so screens only ever deal with one error shape.
 */
import { AppError, ERROR_CATALOGUE, codeFromStatus, isErrorCode, type ErrorCode } from '@pog/common';

/** Builds the error for a non-ok response. A server message overrides the catalogue default. */
export function errorFromResponse(status: number, bodyText: string): AppError {
  const body = parseErrorBody(bodyText);
  const code: ErrorCode = body && isErrorCode(body.code) ? body.code : codeFromStatus(status);
  const message = body?.message?.trim() ? body.message : ERROR_CATALOGUE[code].message;
  return new AppError(code, message, { status, details: body?.details });
}

/** Offline, DNS failure, refused connection: the request never got an answer. */
export function networkError(): AppError {
  return new AppError('NETWORK_ERROR', undefined, { status: 0 });
}

/** Anything thrown by the data layer, normalised: foreign errors become DEFAULT with their message. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Error && error.message) return new AppError('DEFAULT', error.message);
  return new AppError('DEFAULT');
}

export interface ErrorDescription {
  code: ErrorCode;
  title: string;
  message: string;
}

/**
 * What a toast or panel says about an error. While the browser is offline the network error is
 * shown instead of whatever the failure claimed to be, as the spec asks.
 */
export function describeError(error: unknown, online: boolean): ErrorDescription {
  const appError = online ? toAppError(error) : networkError();
  return { code: appError.code, title: ERROR_CATALOGUE[appError.code].title, message: appError.message };
}

/**
 * The server's own sentence for a failure, or null when it sent none (an AppError then carries
 * the catalogue's default for its code). the product spec (errors): "The server message is used when present";
 * while offline, the network error is what a person should read.
 */
export function serverMessage(error: unknown, online: boolean): string | null {
  if (!online) return describeError(error, false).message;
  if (!(error instanceof AppError)) return null;
  return error.message && error.message !== ERROR_CATALOGUE[error.code].message ? error.message : null;
}

/** The server's own sentence when it sent one, else the screen's fallback. */
export function serverMessageOr(error: unknown, fallback: string, online: boolean): string {
  return serverMessage(error, online) ?? fallback;
}

/**
 * Queries and mutations retry once (product spec: limits), but only when a second attempt can succeed:
 * a refused login or a validation error would fail again (and a login retry would burn a
 * rate-limit attempt), so only connection failures and server errors are retried.
 */
export function shouldRetry(failureCount: number, error: unknown, maxRetries: number): boolean {
  if (failureCount >= maxRetries) return false;
  const code = toAppError(error).code;
  return code === 'NETWORK_ERROR' || code === 'SERVER_ERROR';
}

/** A read is tried again after a failure worth retrying, but not while offline: it would fail too. */
export function shouldRetryRead(failureCount: number, error: unknown, maxRetries: number, online: boolean): boolean {
  return online && shouldRetry(failureCount, error, maxRetries);
}

/**
 * A write is tried again only after the server answered with its own failure (nothing was done).
 * After a failed connection the request may or may not have reached the server: sending it again
 * unseen could do it twice, so the player is told at once and decides.
 */
export function shouldRetryWrite(failureCount: number, error: unknown, maxRetries: number): boolean {
  return toAppError(error).code === 'SERVER_ERROR' && shouldRetry(failureCount, error, maxRetries);
}

interface ParsedBody {
  message?: string;
  code?: unknown;
  details?: unknown;
}

function parseErrorBody(text: string): ParsedBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return {
      message: typeof record.message === 'string' ? record.message : undefined,
      code: record.code,
      details: record.details,
    };
  } catch {
    return null;
  }
}

/** The entity a 409 carries as it now is (`details[key]`, e.g. the trade or battle), when it parses with its contract's schema. */
export function currentEntityIn<T>(error: unknown, key: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  if (!(error instanceof AppError) || typeof error.details !== 'object' || error.details === null) return null;
  const parsed = schema.safeParse((error.details as Record<string, unknown>)[key]);
  return parsed.success ? parsed.data : null;
}
