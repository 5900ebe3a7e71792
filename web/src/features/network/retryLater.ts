/**
 * Runs `again` once: after `ms`, or at once when the browser says the network is back, whichever
 * comes first. For code that failed to load (offline, a new deployment). Returns a canceller.
 */
export function retryLater(again: () => void, ms: number): () => void {
  const target = typeof window === 'undefined' ? undefined : window;
  const cancel = () => {
    clearTimeout(timer);
    target?.removeEventListener('online', fire);
  };
  const fire = () => {
    cancel();
    again();
  };
  const timer = setTimeout(fire, ms);
  target?.addEventListener('online', fire);
  return cancel;
}
