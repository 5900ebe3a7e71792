/**
 * Calls `listener` each time the browser says the network is back; returns the unsubscriber.
 * Nothing outside a browser (unit tests in Node without a window).
 */
export function whenOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

/**
 * Runs `again` once: after `ms`, or at once when the browser says the network is back, whichever
 * comes first. For code that failed to load (offline, a new deployment). Returns a canceller.
 */
export function retryLater(again: () => void, ms: number): () => void {
  const cancel = () => {
    clearTimeout(timer);
    stopListening();
  };
  const fire = () => {
    cancel();
    again();
  };
  const timer = setTimeout(fire, ms);
  const stopListening = whenOnline(fire);
  return cancel;
}
