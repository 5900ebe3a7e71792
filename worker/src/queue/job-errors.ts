/**
 * How a processor's failure travels back to whoever waits for the job. Both queue implementations
 * use this module so that `run()` fails the same way in embedded and distributed mode:
 *
 * - an AppError is a verdict about the request (not found, conflict...): retrying cannot change it,
 *   so it fails the job at once and reaches the caller with the same code, message and status;
 * - anything else is treated as transient and retried; once the tries are spent the caller gets a
 *   plain SERVER_ERROR, because the original message may name tables, hosts or files.
 *
 * BullMQ stores only a string per failed job (`failedReason`), so the AppError is written there as
 * JSON under a marker key and rebuilt on the producer side.
 */
import { AppError, isErrorCode, type AppErrorOptions } from '@pog/common';
import { isDatabaseUnavailable } from '@pog/domain/db';

const MARKER = 'pogAppError';

interface SerializedAppError {
  code: AppError['code'];
  message: string;
  status: number;
  details?: unknown;
  retryAfterSeconds?: number;
}

export function isPermanentFailure(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Whether a job whose last try failed with `error` is left to the outbox rather than failed for
 * good: it came from the outbox, and the database was unavailable (nothing wrong with the job), so
 * its row stays open and the relay hands it over again once the database is back.
 */
export function leftToOutbox(error: unknown, fromOutbox: boolean): boolean {
  return fromOutbox && !isPermanentFailure(error) && isDatabaseUnavailable(error);
}

/** The failure reason to store for a permanent failure. */
export function encodeAppError(error: AppError): string {
  const body: SerializedAppError = { code: error.code, message: error.message, status: error.status };
  if (error.details !== undefined) body.details = error.details;
  if (error.retryAfterSeconds !== undefined) body.retryAfterSeconds = error.retryAfterSeconds;
  try {
    return JSON.stringify({ [MARKER]: body });
  } catch {
    // Details that cannot be serialized (cycles, BigInt) are dropped rather than losing the code.
    return JSON.stringify({ [MARKER]: { code: error.code, message: error.message, status: error.status } });
  }
}

/** The error for a job that did not succeed and whose failure the caller may not see in detail. */
export function jobFailedError(): AppError {
  return new AppError('SERVER_ERROR');
}

/**
 * Rebuilds the caller-facing error from a stored failure reason: the AppError when the reason is
 * one written by `encodeAppError`, otherwise a SERVER_ERROR that does not repeat the reason.
 */
export function decodeFailure(reason: string | undefined): AppError {
  const parsed = parseSerialized(reason);
  if (!parsed) return jobFailedError();
  const options: AppErrorOptions = { status: parsed.status };
  if (parsed.details !== undefined) options.details = parsed.details;
  if (parsed.retryAfterSeconds !== undefined) options.retryAfterSeconds = parsed.retryAfterSeconds;
  return new AppError(parsed.code, parsed.message, options);
}

/** The caller-facing error for a processor's thrown value (used where no serialization is needed). */
export function failureFromError(error: unknown): AppError {
  // Round-trips through the same encoding as BullMQ so both modes hand back identical errors.
  return isPermanentFailure(error) ? decodeFailure(encodeAppError(error)) : jobFailedError();
}

function parseSerialized(reason: string | undefined): SerializedAppError | undefined {
  if (!reason || !reason.startsWith(`{"${MARKER}"`)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(reason);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const body: unknown = (value as Record<string, unknown>)[MARKER];
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, status, details, retryAfterSeconds } = body as Record<string, unknown>;
  if (!isErrorCode(code) || typeof message !== 'string' || typeof status !== 'number') return undefined;
  const result: SerializedAppError = { code, message, status };
  if (details !== undefined) result.details = details;
  if (typeof retryAfterSeconds === 'number' && Number.isFinite(retryAfterSeconds)) result.retryAfterSeconds = retryAfterSeconds;
  return result;
}

/** `run()` gave up waiting; the job itself may still finish later. */
export function jobTimeoutError(): AppError {
  return new AppError('SERVER_ERROR', 'The server took too long to answer. Please try again.', { status: 504 });
}

/** Work offered to a queue that is shutting down. */
export function queueClosedError(): AppError {
  return new AppError('SERVER_ERROR', 'The server is restarting. Please try again in a moment.', { status: 503 });
}
