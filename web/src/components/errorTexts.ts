import { isBrowserOnline } from '../features/network/browserOnline';

/** Texts of the error screens (product spec: screens), exactly as specified. */
export const ERROR_TEXT = {
  offline: 'You appear to be offline. Please check your connection and try again.',
  appTitle: 'App Error',
  appMessage: 'We encountered a problem with the application. Please refresh to continue.',
  appAction: 'Refresh Application',
  sectionTitle: 'Something went wrong',
  sectionFallback: 'An unexpected error occurred. Please try again later.',
  sectionAction: 'Try again',
} as const;

const browserOffline = () => !isBrowserOnline();

export function appErrorMessage(offline = browserOffline()): string {
  return offline ? ERROR_TEXT.offline : ERROR_TEXT.appMessage;
}

export function sectionErrorMessage(error: unknown, offline = browserOffline()): string {
  if (offline) return ERROR_TEXT.offline;
  return error instanceof Error && error.message.trim() ? error.message : ERROR_TEXT.sectionFallback;
}
