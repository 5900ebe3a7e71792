import { asPogId, type PogId } from '@pog/common';
/** The Trade Center's query string: `?offer=<pogId>` (your POG) or `?request=<pogId>` (another player's). */
export interface TradeQuery {
  offerPogId: PogId | null;
  requestPogId: PogId | null;
}

function pogId(value: string | null): PogId | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? asPogId(id) : null;
}

export function readTradeQuery(params: URLSearchParams): TradeQuery {
  return { offerPogId: pogId(params.get('offer')), requestPogId: pogId(params.get('request')) };
}
