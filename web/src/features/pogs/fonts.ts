/**
 * When the POG fonts (fontFaces.ts) are declared. A list of discs would otherwise make the browser
 * fetch up to ten font files at the highest priority, ahead of the discs' pictures, while each
 * disc's text reads fine in its fallback face meanwhile. So a list declares them once its first
 * picture is in (or at once when it shows no picture), in an idle moment; the designer's preview
 * declares them at once.
 */
import { reportError } from '../errors/showError';

let declared: Promise<unknown> | undefined;

/** Declares the POG fonts now (once; a failed load is tried again on the next call). */
export function loadPogFonts(): Promise<unknown> {
  declared ??= import('./fontFaces').catch((error: unknown) => {
    declared = undefined;
    reportError(error, 'pog fonts');
  });
  return declared;
}

let scheduled = false;

/** Declares the POG fonts in the browser's next idle moment (within a second). */
export function loadPogFontsSoon(): void {
  if (declared || scheduled) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    void loadPogFonts();
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
  else window.setTimeout(run, 1);
}
