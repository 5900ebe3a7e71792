import { useNow } from '../../hooks/useNow';
import { tradeBlock, type TradeBlock } from './trade';

/**
 * Why this POG cannot be traded right now (see tradeBlock), kept current: while a cooldown runs the
 * component re-renders every minute and once more when it ends, so the button comes back by itself.
 */
export function useTradeBlock(pog: Parameters<typeof tradeBlock>[0]): TradeBlock | null {
  const block = tradeBlock(pog, Date.now());
  useNow(block?.until ?? null);
  return block;
}
