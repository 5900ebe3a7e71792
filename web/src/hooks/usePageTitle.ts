import { useEffect } from 'react';
import { BRAND } from '@pog/common';
import { markFirstScreenShown } from '../app/firstScreen';

/**
 * Names the browser tab after the screen, so history and tabs read well, and tells the app its first
 * screen is drawn (app/firstScreen.ts). A screen whose content arrives after its heading passes
 * `drawn` false and says so itself, with useScreenDrawn, once its content is there.
 */
export function usePageTitle(title: string, drawn = true): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
  useScreenDrawn(drawn);
}

/** Marks the first screen drawn once `drawn` is true (app/firstScreen.ts). */
export function useScreenDrawn(drawn: boolean): void {
  useEffect(() => {
    if (drawn) markFirstScreenShown();
  }, [drawn]);
}
