/**
 * How a failure of the Anthropic Messages API reads: a sentence a player can act on (a 502, 503 or
 * 504), never the service's own wording; and a line for the log. Loaded with the SDK, on PogBot's
 * first question (assistant.ts).
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { AppError } from '@pog/common';

export function describe(error: unknown): string {
  if (error instanceof APIError) return `${error.status ?? 'stream'} ${error.type ?? ''} ${error.apiMessage ?? error.message}`.trim();
  return error instanceof Error ? error.message : String(error);
}

const BUSY = 'PogBot is very busy right now. Please try again in a minute.';
const UNREACHABLE = 'PogBot could not reach its AI service. Please try again in a minute.';
const FAILED = 'PogBot could not answer this time. Please try again.';
const MISCONFIGURED = 'PogBot is not set up correctly on this server. Please tell an administrator.';

/** The player-facing error for a failed call to the AI service. */
export function upstreamError(error: unknown): AppError {
  if (error instanceof APIConnectionTimeoutError) return new AppError('SERVER_ERROR', UNREACHABLE, { status: 504 });
  if (error instanceof APIConnectionError) return new AppError('SERVER_ERROR', UNREACHABLE, { status: 502 });
  if (error instanceof APIError) {
    const busy = error.status === 429 || error.status === 529 || error.type === 'overloaded_error' || error.type === 'rate_limit_error';
    if (busy) return new AppError('SERVER_ERROR', BUSY, { status: 503 });
    if (error.status === 401 || error.status === 403 || error.status === 404) return new AppError('SERVER_ERROR', MISCONFIGURED, { status: 502 });
  }
  return new AppError('SERVER_ERROR', FAILED, { status: 502 });
}
