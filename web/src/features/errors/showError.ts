/** Errors show as a destructive toast with the catalogue title and the message (spec section 8). */
import { describeError } from '../../api/errors';
import { isOnline } from '../../stores/network';
import { toast } from '../../stores/toasts';

export function showErrorToast(error: unknown): void {
  const { title, message } = describeError(error, isOnline());
  toast({ title, description: message, variant: 'destructive' });
}

/** A reporter for failures nobody handles in place; a hook point for real error tracking later. */
export function reportError(error: unknown, context: string): void {
  console.error(`[pog] ${context}`, error);
}
