import { useEffect, useReducer } from 'react';
import { tradeBlock, type TradeBlock } from './trade';

/** Re-checked at least this often while a cooldown runs, so the minutes in its title count down. */
const COOLDOWN_TICK_MS = 60_000;

/**
 * Why this POG cannot be traded right now (see tradeBlock), kept current: while a cooldown runs the
 * component re-renders every minute and once more when it ends, so the button comes back by itself.
 */
export function useTradeBlock(pog: Parameters<typeof tradeBlock>[0]): TradeBlock | null {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const block = tradeBlock(pog, Date.now());
  const until = block?.until ?? null;

  useEffect(() => {
    if (until === null) return;
    const wait = Math.max(0, Math.min(until - Date.now(), COOLDOWN_TICK_MS)) + 50;
    const timer = window.setTimeout(tick, wait);
    return () => window.clearTimeout(timer);
  });

  return block;
}
