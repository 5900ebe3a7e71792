/** Errors show as a destructive toast with the catalogue title and the message (spec section 8). */
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
  else toast({ ...own(), variant: 'destructive' });
}

/** A reporter for failures nobody handles in place; a hook point for real error tracking later. */
export function reportError(error: unknown, context: string): void {
  console.error(`[pog] ${context}`, error);
}
