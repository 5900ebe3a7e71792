/**
 * The trade writes, each with the toasts of the product spec (errors) (Trades) and the cache updates that go
 * with it. None is retried: a second offer would be refused as a duplicate, and a second answer
 * as "no longer pending", which would only hide what really happened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CounterTradeRequest, type CreateTradeRequest, type Trade, type TradeId, tradeSchema, type UserId } from '@pog/common';
import { currentEntityIn, describeError, serverMessage as sharedServerMessage } from '../../api/errors';
import { isOnline } from '../../stores/network';
import { toast } from '../../stores/toasts';
import { showFailure } from '../errors/showError';
import { answerTrade, cancelTrade, counterTrade, sendTrade, type TradeAnswer } from './api';
import { applyTradeUpdate } from './cache';
import { pendingTradesKey } from './keys';
import { TRADE_TEXT } from './messages';

/** The server's own sentence, if it sent one (see api/errors.ts). */
export const serverMessage = (error: unknown): string | null => sharedServerMessage(error, isOnline());

/** A 409 "no longer pending" carries the trade as it is now: show that instead of the stale copy. */
export function currentTradeIn(error: unknown): Trade | null {
  return currentEntityIn(error, 'trade', tradeSchema);
}

function useTradeCache(viewerId: UserId) {
  const queryClient = useQueryClient();
  return {
    apply: (trade: Trade) => applyTradeUpdate(queryClient, trade, viewerId),
    refresh: () => void queryClient.invalidateQueries({ queryKey: pendingTradesKey(viewerId) }),
    applyFrom: (error: unknown) => {
      const trade = currentTradeIn(error);
      if (trade) applyTradeUpdate(queryClient, trade, viewerId);
    },
  };
}

export function useSendTrade(viewerId: UserId) {
  const cache = useTradeCache(viewerId);
  return useMutation({
    retry: false,
    mutationFn: (request: CreateTradeRequest) => sendTrade(request),
    onSuccess: (trade) => {
      cache.apply(trade);
      toast({ title: TRADE_TEXT.sentTitle, description: TRADE_TEXT.sentMessage });
    },
    onError: (error) => {
      showFailure(error, () => ({ title: TRADE_TEXT.sendFailedTitle, description: serverMessage(error) ?? TRADE_TEXT.sendFailedFallback }));
    },
  });
}

export function useAnswerTrade(viewerId: UserId) {
  const cache = useTradeCache(viewerId);
  return useMutation({
    retry: false,
    mutationFn: ({ tradeId, status }: { tradeId: TradeId; status: TradeAnswer }) => answerTrade(tradeId, status),
    onSuccess: (trade) => {
      cache.apply(trade);
      toast({ title: TRADE_TEXT.updatedTitle });
    },
    onError: (error) => {
      cache.applyFrom(error);
      const message = serverMessage(error) ?? describeError(error, true).message;
      showFailure(error, () => ({ title: TRADE_TEXT.errorTitle, description: TRADE_TEXT.updateFailed(message) }));
    },
  });
}

export function useCancelTrade(viewerId: UserId) {
  const cache = useTradeCache(viewerId);
  return useMutation({
    retry: false,
    mutationFn: (tradeId: TradeId) => cancelTrade(tradeId, viewerId),
    onSuccess: (trade: Trade | undefined) => {
      // An empty answer still means success (product spec: calls); the lists are then asked again.
      if (trade) cache.apply(trade);
      else cache.refresh();
      toast({ title: TRADE_TEXT.cancelledTitle, description: TRADE_TEXT.cancelledMessage });
    },
    onError: (error) => {
      cache.applyFrom(error);
      const message = serverMessage(error);
      showFailure(error, () => ({ title: TRADE_TEXT.errorTitle, description: message ? TRADE_TEXT.cancelFailedWith(message) : TRADE_TEXT.cancelFailed }));
    },
  });
}

/** A counter-offer: the countered trade and the counter both come back live; the answer is the counter. */
export function useCounterTrade(viewerId: UserId) {
  const cache = useTradeCache(viewerId);
  return useMutation({
    retry: false,
    mutationFn: ({ trade, request }: { trade: Trade; request: CounterTradeRequest }) => counterTrade(trade.id, request),
    onSuccess: (counter, { trade }) => {
      cache.apply({ ...trade, status: 'countered' });
      cache.apply(counter);
      toast({ title: TRADE_TEXT.counterSentTitle, description: TRADE_TEXT.counterSentMessage });
    },
    onError: (error) => {
      cache.applyFrom(error);
      showFailure(error, () => ({ title: TRADE_TEXT.counterFailedTitle, description: serverMessage(error) ?? TRADE_TEXT.sendFailedFallback }));
    },
  });
}
