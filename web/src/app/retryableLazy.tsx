/**
 * Screens and big dialogs load lazily. React.lazy keeps a failed import for good: after one dropped
 * connection the code could never load again without a full reload. A component made here forgets
 * a failed load when asked to (retryFailedLoads), so the next render imports it again: on 'Try
 * again', on navigation, or when the connection comes back (see SectionErrorBoundary).
 *
 * It does not retry by itself at once: React renders a failed component a second time before
 * showing the error, and a fresh import there would loop for as long as the network is down.
 */
import { lazy, type ComponentType } from 'react';
import { networkError } from '../api/errors';
import { reportError } from '../features/errors/showError';

const failedLoads = new Set<() => void>();

/** Lets every component whose code failed to load try again on its next render. */
export function retryFailedLoads(): void {
  const resets = [...failedLoads];
  failedLoads.clear();
  resets.forEach((reset) => reset());
}

/** A lazily loaded component whose code can be asked for ahead of its first render. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /**
   * Starts loading the code now (e.g. from a route loader, beside the screen's data), so the first
   * render finds it loaded or on its way. A failure here is left to that render, which loads again.
   */
  preload(): void;
};

export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const fresh = () =>
    lazy(() =>
      loadAndKeep().catch((error: unknown) => {
        failedLoads.add(() => {
          current = undefined;
        });
        reportError(error, 'code load');
        // The browser's own words ("Failed to fetch dynamically imported module: http://...")
        // mean nothing to a player: it is a connection failure like any other.
        throw networkError();
      }),
    );
  // Chosen at the first render (and again after a failed load): the component itself when its code
  // is already here (preloaded), so React draws it in that pass instead of drawing the fallback
  // and revealing the screen later (React holds reveals back up to 300 ms); else React.lazy. Kept
  // once chosen, so a later render never swaps the component type (which would reset its state).
  let current: ComponentType<P> | undefined;
  function Retryable(props: P) {
    current ??= loaded ?? fresh();
    const Current = current;
    return <Current {...props} />;
  }
  // A first render before the code is in joins the same fetch (the browser loads a module once).
  Retryable.preload = () => void loadAndKeep().catch(() => undefined);
  return Retryable;
}
