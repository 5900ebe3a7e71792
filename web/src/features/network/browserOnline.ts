/** The browser's own word on whether it is online (true where there is no browser, as in tests). */
export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
