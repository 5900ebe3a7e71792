import { describe, expect, it } from 'vitest';
import { asTradeId } from '@pog/common';
import { readTradeQuery, tabOfTrade } from './tradeQuery';

describe('readTradeQuery', () => {
  it('reads the POG ids of ?offer= and ?request=, and the trade of ?trade=', () => {
    expect(readTradeQuery(new URLSearchParams('offer=5'))).toEqual({ offerPogId: 5, requestPogId: null, tradeId: null });
    expect(readTradeQuery(new URLSearchParams('request=12'))).toEqual({ offerPogId: null, requestPogId: 12, tradeId: null });
    expect(readTradeQuery(new URLSearchParams('trade=31'))).toEqual({ offerPogId: null, requestPogId: null, tradeId: 31 });
  });

  it('ignores anything that is not a valid id', () => {
    for (const bad of ['', 'abc', '-3', '0', '1.5', '99999999999']) {
      expect(readTradeQuery(new URLSearchParams(`offer=${bad}`)).offerPogId).toBeNull();
      expect(readTradeQuery(new URLSearchParams(`trade=${bad}`)).tradeId).toBeNull();
    }
  });
});

describe('tabOfTrade', () => {
  const ids = (...values: number[]) => values.map((id) => ({ id: asTradeId(id) }));
  it('finds a waiting trade in Pending and a decided one in History', () => {
    expect(tabOfTrade(asTradeId(2), ids(1, 2), ids(3))).toBe('pending');
    expect(tabOfTrade(asTradeId(3), ids(1, 2), ids(3))).toBe('history');
  });
  it('does not know while the lists load, or when neither lists it', () => {
    expect(tabOfTrade(asTradeId(3), undefined, undefined)).toBeNull();
    expect(tabOfTrade(asTradeId(9), ids(1), ids(3))).toBeNull();
  });
});
