import { asUserId } from '@pog/common/schemas/ids';
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '@pog/common/errors';
import { mayAnswerTrade, mayCancelTrade, mayCounterTrade, mayListTradesOf, mayOfferPog, mayOfferTradeTo, maySendTradeAs, tradePolicy } from './policy';

const sender = { id: asUserId(1) };
const recipient = { id: asUserId(2) };
const outsider = { id: asUserId(3) };
const trade = { fromUserId: asUserId(1), toUserId: asUserId(2) };

describe('trade policy', () => {
  it('lets the sender alone send as themselves and cancel', () => {
    expect(maySendTradeAs(sender, asUserId(1))).toBe(true);
    expect(maySendTradeAs(recipient, asUserId(1))).toBe(false);
    expect(mayCancelTrade(sender, trade)).toBe(true);
    expect(mayCancelTrade(recipient, trade)).toBe(false);
    expect(mayCancelTrade(outsider, trade)).toBe(false);
  });

  it('lets the recipient alone answer and counter', () => {
    expect(mayAnswerTrade(recipient, trade)).toBe(true);
    expect(mayCounterTrade(recipient, trade)).toBe(true);
    for (const actor of [sender, outsider]) {
      expect(mayAnswerTrade(actor, trade)).toBe(false);
      expect(mayCounterTrade(actor, trade)).toBe(false);
    }
  });

  it('offers only POGs the actor holds, and nothing to a banned player', () => {
    expect(mayOfferPog(sender, { userId: asUserId(1) })).toBe(true);
    expect(mayOfferPog(sender, { userId: asUserId(2) })).toBe(false);
    expect(mayOfferPog(sender, undefined)).toBe(false);
    expect(mayOfferTradeTo(sender, { username: 'b', isBanned: false })).toBe(true);
    expect(mayOfferTradeTo(sender, { username: 'b', isBanned: true })).toBe(false);
  });

  it("keeps a player's lists to that player", () => {
    expect(mayListTradesOf(sender, asUserId(1))).toBe(true);
    expect(mayListTradesOf(sender, asUserId(2))).toBe(false);
  });

  it('refuses with the errors the API promises', () => {
    expect(() => tradePolicy.authorize('answer', sender, trade)).toThrow(new ForbiddenError('Only the player who received this offer can answer it.'));
    expect(() => tradePolicy.authorize('counter', outsider, trade)).toThrow('Only the player who received this offer can counter it.');
    expect(() => tradePolicy.authorize('cancel', recipient, trade)).toThrow('Only the player who sent this offer can cancel it.');
    expect(() => tradePolicy.authorize('send', recipient, asUserId(1))).toThrow('You can only act as yourself (the sender must be you).');
    expect(() => tradePolicy.authorize('list', recipient, asUserId(1))).toThrow('You can only act as yourself (the user must be you).');
    expect(() => tradePolicy.authorize('offerPog', sender, { userId: asUserId(2) })).toThrow('You can only offer a POG you own.');
    expect(() => tradePolicy.authorize('offerTo', sender, { username: 'bea', isBanned: true })).toThrow('bea is banned and cannot receive trade offers.');
    const refusal = tradePolicy.refusal('answer', sender, trade);
    expect(refusal).toBeInstanceOf(ForbiddenError);
    expect(refusal).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(tradePolicy.refusal('answer', recipient, trade)).toBeNull();
    expect(() => tradePolicy.authorize('answer', recipient, trade)).not.toThrow();
  });
});
