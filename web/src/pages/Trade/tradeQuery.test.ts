import { describe, expect, it } from 'vitest';
import { readTradeQuery } from './tradeQuery';

describe('readTradeQuery', () => {
  it('reads the POG ids of ?offer= and ?request=', () => {
    expect(readTradeQuery(new URLSearchParams('offer=5'))).toEqual({ offerPogId: 5, requestPogId: null });
    expect(readTradeQuery(new URLSearchParams('request=12'))).toEqual({ offerPogId: null, requestPogId: 12 });
  });

  it('ignores anything that is not a valid id', () => {
    for (const bad of ['offer=', 'offer=abc', 'offer=-3', 'offer=0', 'offer=1.5', 'offer=99999999999']) {
      expect(readTradeQuery(new URLSearchParams(bad)).offerPogId).toBeNull();
    }
  });
});
