import { useEffect, type RefObject } from 'react';

const inPixels = (height: number) => `${height}px`;

/**
 * Keeps the CSS variable `name` on the document's root at `toValue` of the element's height while it
 * has one, and unset while it has none (whoever reads the variable gives a fallback): a change
 * restyles the whole document. The height comes from a ResizeObserver, which reports it after
 * layout; reading it in the effect would force a layout of the whole page while it is first drawn.
 * `toValue` must be stable (defined outside the component).
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, name: string, toValue: (height: number) => string = inPixels): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
      if (height > 0) root.style.setProperty(name, toValue(height));
      else root.style.removeProperty(name);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(name);
    };
  }, [ref, name, toValue]);
}
