import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` while `active` (a countdown on screen); no timer otherwise. */
export function useTicker(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
  return active ? now : Date.now();
}
