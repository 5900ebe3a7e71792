import { asPogId, asTradeId, type PogId, type TradeId } from '@pog/common';
/**
 * The Trade Center's query string: `?offer=<pogId>` (your POG) or `?request=<pogId>` (another
 * player's) open the dialog preset; `?trade=<tradeId>` shows that trade (the links of notifications
 * and toasts).
 */
export interface TradeQuery {
  offerPogId: PogId | null;
  requestPogId: PogId | null;
  tradeId: TradeId | null;
}

function idOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function readTradeQuery(params: URLSearchParams): TradeQuery {
  const [offer, request, trade] = [idOf(params.get('offer')), idOf(params.get('request')), idOf(params.get('trade'))];
  return {
    offerPogId: offer === null ? null : asPogId(offer),
    requestPogId: request === null ? null : asPogId(request),
    tradeId: trade === null ? null : asTradeId(trade),
  };
}

/** Which tab holds a trade: pending while it waits, history once decided; null while unknown. */
export function tabOfTrade(
  tradeId: TradeId,
  pending: ReadonlyArray<{ id: TradeId }> | undefined,
  history: ReadonlyArray<{ id: TradeId }> | undefined,
): 'pending' | 'history' | null {
  if (pending?.some((trade) => trade.id === tradeId)) return 'pending';
  if (history?.some((trade) => trade.id === tradeId)) return 'history';
  return null;
}
