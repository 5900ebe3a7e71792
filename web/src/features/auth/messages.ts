/** The texts of the auth toasts (product spec: errors), kept together so the tests can hold them exactly. */
import { BRAND, ERROR_CATALOGUE } from '@pog/common';
import { toAppError } from '../../api/errors';

export const AUTH_TEXT = {
  loginSuccessTitle: 'Login successful',
  loginSuccess: (username: string) => `Welcome back, ${username}!`,
  loginFailedTitle: 'Login failed',
  loginFailedFallback: 'Login failed. Please check your credentials.',
  registerSuccessTitle: 'Registration successful',
  registerSuccess: (username: string) => `Welcome to ${BRAND}, ${username}!`,
  registerFailedTitle: 'Registration failed',
  registerFailedFallback: 'Registration failed. Please try a different username.',
  logoutTitle: 'Logged out',
  logoutDescription: 'You have been logged out successfully',
  logoutFailedTitle: 'Logout failed',
  sessionEndedTitle: 'Signed out',
} as const;

/**
 * The description of a failed login or registration: the server's own message when it sent one
 * (e.g. "Username already taken", a ban reason, a rate limit), else the screen's fallback text.
 * Generic catalogue texts such as "You need to log in to perform this action." would read oddly
 * on the login form itself, so those give way to the fallback.
 */
export function authFailureMessage(error: unknown, fallback: string): string {
  const appError = toAppError(error);
  const generic = ['UNAUTHORIZED', 'VALIDATION_ERROR', 'DEFAULT', 'SERVER_ERROR'] as const;
  const isGeneric = (generic as readonly string[]).includes(appError.code) && appError.message === ERROR_CATALOGUE[appError.code].message;
  return !appError.message.trim() || isGeneric ? fallback : appError.message;
}
