/** The trade writes of spec section 7. */
import type { CounterTradeRequest, CreateTradeRequest, Trade } from '@pog/common';
import { api } from '../../api/client';
import { TRADES_PATH } from './keys';

export type TradeAnswer = 'accepted' | 'rejected';

export const sendTrade = (request: CreateTradeRequest) => api.post<Trade>(TRADES_PATH, request);

export const answerTrade = (tradeId: number, status: TradeAnswer) => api.patch<Trade>(`${TRADES_PATH}/${tradeId}/status`, { status });

export const cancelTrade = (tradeId: number, userId: number) => api.post<Trade>(`${TRADES_PATH}/${tradeId}/cancel`, { userId });

export const counterTrade = (tradeId: number, request: CounterTradeRequest) => api.post<Trade>(`${TRADES_PATH}/${tradeId}/counter`, request);
