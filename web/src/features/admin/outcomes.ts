/** What the admin is told when a call fails (product spec: errors, Admin). Pure, so it is tested directly. */
import type { AppError } from '@pog/common';
import { ADMIN_TEXT } from './messages';

export interface ToastText {
  title: string;
  description: string;
}

/**
 * The password screen: no answer at all is 'Error / Failed to connect to server'; any refusal is
 * 'Access denied', with 'Invalid admin password' unless the server said the address is locked out
 * for a while (429), which a wrong-password message would hide.
 */
export function loginFailureToast(error: AppError): ToastText {
  if (error.code === 'NETWORK_ERROR') return { title: ADMIN_TEXT.errorTitle, description: ADMIN_TEXT.connectFailed };
  if (error.code === 'RATE_LIMITED') return { title: ADMIN_TEXT.accessDeniedTitle, description: error.message };
  return { title: ADMIN_TEXT.accessDeniedTitle, description: ADMIN_TEXT.accessDeniedMessage };
}

/**
 * A moderation failure: the spec's sentence, except when another admin got there first (the POG or
 * player is gone, 404, or was moderated meanwhile, 409), where the server's explanation helps more.
 */
export function moderationFailureMessage(error: AppError, fallback: string): string {
  return error.code === 'NOT_FOUND' || error.code === 'CONFLICT' ? error.message : fallback;
}
