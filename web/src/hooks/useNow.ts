import { useEffect, useReducer } from 'react';

/** Re-checked at least this often while a cooldown runs, so its minutes count down. */
const TICK_MS = 60_000;

/**
 * The current time, re-read when `until` (a moment something changes, e.g. a cooldown ending) comes,
 * or every minute before then; no timer at all while nothing is waiting.
 */
export function useNow(until: number | null): number {
  const [ticks, tick] = useReducer((n: number) => n + 1, 0);
  // Each tick re-renders and schedules the next one (ticks is a dependency for that reason).
  useEffect(() => {
    if (until === null) return;
    const wait = Math.max(0, Math.min(until - Date.now(), TICK_MS)) + 50;
    const timer = window.setTimeout(tick, wait);
    return () => window.clearTimeout(timer);
  }, [until, ticks]);
  return Date.now();
}
