import { useEffect } from 'react';
import { BRAND } from '@pog/common';
import { markFirstScreenShown } from '../app/firstScreen';

/** Names the browser tab after the screen, so history and tabs read well. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
    markFirstScreenShown();
  }, [title]);
}
