import { useState } from 'react';

/**
 * A number that goes up each time `count` rises and stays when it falls: as a key, it starts an
 * attention animation again for new arrivals only (the notification bell's ping).
 */
export function useArrivals(count: number): number {
  const [seen, setSeen] = useState({ count, arrivals: 0 });
  // Adjusted while rendering (React's pattern for state derived from the previous render), not in an effect.
  if (count !== seen.count) setSeen({ count, arrivals: count > seen.count ? seen.arrivals + 1 : seen.arrivals });
  return seen.arrivals;
}
