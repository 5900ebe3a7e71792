/**
 * Steps that need code loaded on demand (the events' schemas, the player's event handlers), run in
 * the order they came: at once when the code is here and no step waits, else once it has loaded.
 * A failed load (offline, a new deployment) is reported and tried again until stopped (after a while,
 * or at once when the network is back), so no step
 * is lost or run out of turn; a step that throws is reported and the next ones still run.
 */
import { reportError } from '../errors/showError';
import { retryLater } from '../network/retryLater';

/** Between tries to load the code when it failed. */
const RETRY_MS = 5_000;

export interface InOrder<T> {
  run(step: (loaded: T) => void): void;
  /** Runs a step that does not need the code after the ones waiting for it (at once when none wait). */
  afterWaiting(step: () => void): void;
  /** Drops the waiting steps and stops loading. */
  stop(): void;
}

export function inOrderOnceLoaded<T>(load: () => Promise<T>, what: string): InOrder<T> {
  let loaded: { value: T } | undefined;
  let waiting: Array<(loaded: T) => void> = [];
  let loading = false;
  let stopped = false;
  let cancelRetry: (() => void) | undefined;
  const start = () => {
    loading = true;
    load().then(
      (value) => {
        loaded = { value };
        loading = false;
        const steps = waiting;
        waiting = [];
        for (const step of steps) {
          if (stopped) return;
          try {
            step(value);
          } catch (error) {
            reportError(error, what);
          }
        }
      },
      (error: unknown) => {
        reportError(error, `${what} (code load)`);
        if (!stopped) cancelRetry = retryLater(start, RETRY_MS);
      },
    );
  };
  return {
    run(step) {
      if (stopped) return;
      if (loaded && waiting.length === 0) return step(loaded.value);
      waiting.push(step);
      if (!loading) start();
    },
    afterWaiting(step) {
      if (stopped) return;
      if (waiting.length === 0) return step();
      waiting.push(() => step());
    },
    stop() {
      stopped = true;
      waiting = [];
      cancelRetry?.();
    },
  };
}
