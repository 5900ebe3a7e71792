/** The trades part of the domain: what the gateway, the worker and the composition root may use. */
export { finishedTradesOf, pendingTradesOf, toTrade, toTrades } from './repository';
export { answerTrade, cancelTrade, createTrade } from './commands';
export { counterTrade } from './counter';
export { expireTrades } from './expire';
export { mayAnswerTrade, mayCancelTrade, mayCounterTrade, mayListTradesOf, mayOfferPog, mayOfferTradeTo, maySendTradeAs, tradePolicy } from './policy';
export { offerableNow, type OfferFacts } from './rules';
