/** The trade writes of spec section 7. */
import { tradesApi, type CounterTradeRequest, type CreateTradeRequest } from '@pog/common';
import { api } from '../../api/client';

export type TradeAnswer = 'accepted' | 'rejected';

export const sendTrade = (request: CreateTradeRequest) => api(tradesApi.create, { body: request });

export const answerTrade = (tradeId: number, status: TradeAnswer) => api(tradesApi.answer, { params: { id: tradeId }, body: { status } });

export const cancelTrade = (tradeId: number, userId: number) => api(tradesApi.cancel, { params: { id: tradeId }, body: { userId } });

export const counterTrade = (tradeId: number, request: CounterTradeRequest) => api(tradesApi.counter, { params: { id: tradeId }, body: request });
