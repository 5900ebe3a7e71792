/** Errors show as a destructive toast with the catalogue title and the message (product spec: errors). */
import { ERROR_CATALOGUE, type ErrorCode } from '@pog/common';
import { describeError, networkError, toAppError } from '../../api/errors';
import { isOnline } from '../../stores/network';
import { toast } from '../../stores/toasts';

export function showErrorToast(error: unknown): void {
  const { title, message } = describeError(error, isOnline());
  toast({ title, description: message, variant: 'destructive' });
}

/** True when the server was never reached: the browser is offline, or the connection failed. */
export function isUnreachable(error: unknown): boolean {
  return !isOnline() || toAppError(error).code === 'NETWORK_ERROR';
}

/**
 * The toast of a failed action. Whatever the action, a server that could not be reached gets the
 * catalogue's 'Connection Error' (what the player can do about it is the same everywhere);
 * otherwise the screen's own title and sentence.
 */
export function showFailure(error: unknown, own: () => { title: string; description: string }): void {
  if (isUnreachable(error)) showErrorToast(networkError());
  else toast({ ...(limitFailure(error) ?? own()), variant: 'destructive' });
}

/** The catalogue codes of a limit the player ran into (product spec: errors). */
const LIMIT_CODES: ReadonlySet<ErrorCode> = new Set(['CREATION_LIMIT', 'DAILY_LIMIT', 'COOLDOWN']);

/**
 * A refusal by one of the game's limits reads the same on every screen: the catalogue's title
 * ('Creation Limit Reached', 'Daily Limit Reached', 'Action on Cooldown') and the server's own
 * sentence, which says how long to wait (docs/rules.md). Null for any other failure.
 */
export function limitFailure(error: unknown): { title: string; description: string } | null {
  const appError = toAppError(error);
  if (!LIMIT_CODES.has(appError.code)) return null;
  return { title: ERROR_CATALOGUE[appError.code].title, description: appError.message };
}

/** A reporter for failures nobody handles in place; a hook point for real error tracking later. */
export function reportError(error: unknown, context: string): void {
  console.error(`[pog] ${context}`, error);
}
