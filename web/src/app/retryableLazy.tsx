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

export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedLoads.add(() => {
          current = fresh();
        });
        reportError(error, 'code load');
        // The browser's own words ("Failed to fetch dynamically imported module: http://...")
        // mean nothing to a player: it is a connection failure like any other.
        throw networkError();
      }),
    );
  let current = fresh();
  return function Retryable(props: P) {
    const Current = current as ComponentType<P>;
    return <Current {...props} />;
  };
}
