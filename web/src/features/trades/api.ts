/** The trade writes of the product spec (calls). */
import { apiPaths, type CounterTradeRequest, type CreateTradeRequest, type TradeId, type UserId } from '@pog/common';
import { api } from '../../api/client';

export type TradeAnswer = 'accepted' | 'rejected';

export const sendTrade = (request: CreateTradeRequest) => api(apiPaths.trades.create, { body: request });

export const answerTrade = (tradeId: TradeId, status: TradeAnswer) => api(apiPaths.trades.answer, { params: { id: tradeId }, body: { status } });

export const cancelTrade = (tradeId: TradeId, userId: UserId) => api(apiPaths.trades.cancel, { params: { id: tradeId }, body: { userId } });

export const counterTrade = (tradeId: TradeId, request: CounterTradeRequest) => api(apiPaths.trades.counter, { params: { id: tradeId }, body: request });
