import { useEffect, useState } from 'react';

/**
 * Whether the element is within `rootMargin` of the viewport: for lazy images (`once`: stays true)
 * and for the "load more" sentinel of an endless list. Attach the returned callback ref; an element
 * that mounts later (after a loading state) is observed as soon as it appears.
 */
export function useInView<T extends Element>(rootMargin: string, { once = true }: { once?: boolean } = {}) {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (visible && once) observer.disconnect();
        setInView((previous) => (once ? previous || visible : visible));
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin, once]);
  return { ref: setElement, inView };
}
