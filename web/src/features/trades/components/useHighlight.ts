import { useEffect, useRef } from 'react';

/**
 * The card of the trade a link named: scrolled into view when it shows (smoothly, unless the player
 * asked for reduced motion). Its look is the card's `aria-current`.
 */
export function useHighlight<T extends HTMLElement>(highlighted: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!highlighted) return;
    const smooth = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches !== true;
    ref.current?.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }, [highlighted]);
  return ref;
}
