/** Lets a call through at most once per `ms` (product spec: limits: click handlers, 300 ms). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = Date.now): (...args: A) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A) => {
    const time = now();
    if (time - last < ms) return;
    last = time;
    fn(...args);
  };
}
