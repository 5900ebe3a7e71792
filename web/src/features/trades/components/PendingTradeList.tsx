import { Suspense, useState, type ReactNode } from 'react';
import type { Trade, TradeId, UserId } from '@pog/common';
import { retryableLazy } from '../../../app/retryableLazy';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { TRADE_TEXT } from '../messages';
import { useAnswerTrade, useCancelTrade } from '../mutations';
import { usePendingTrades } from '../queries';
import { AnswerTradeDialog } from './AnswerTradeDialog';
import { PendingTradeCard, type PendingTradeCardProps } from './PendingTradeCard';
import { CardList, EmptyNote } from './tradeCardStyles';

/** The counter-offer dialog's code loads the first time a player counters. */
const CounterDialog = retryableLazy(() => import('./CounterDialog'));

/** Every pending trade the player sent or received; new offers and answers arrive live. `highlightId` is lit. */
export function PendingTradeList({ userId, highlightId = null }: { userId: UserId; highlightId?: TradeId | null }) {
  const query = usePendingTrades(userId);
  const answer = useAnswerTrade(userId);
  const cancel = useCancelTrade(userId);
  const [countering, setCountering] = useState<Trade | null>(null);
  const [confirming, setConfirming] = useState<{ trade: Trade; status: 'accepted' | 'rejected' } | null>(null);

  const busyFor = (trade: Trade): PendingTradeCardProps['busy'] => {
    if (answer.isPending && answer.variables.tradeId === trade.id) return answer.variables.status;
    if (cancel.isPending && cancel.variables === trade.id) return 'cancel';
    return null;
  };

  // The counter dialog stays mounted while the list behind it changes (a counter empties the list for
  // a moment before the new offer arrives), so its choices and its mutation are never lost.
  let body: ReactNode;
  if (query.isPending) body = <Spinner label="Loading trades..." />;
  else if (query.isError) body = <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) {
    body = (
      <EmptyNote>
        <h2>{TRADE_TEXT.noPending}</h2>
        <p>{TRADE_TEXT.noPendingHint}</p>
      </EmptyNote>
    );
  } else {
    body = (
      <CardList aria-label={TRADE_TEXT.pendingTab}>
        {query.data.map((trade) => (
          <li key={trade.id}>
            <PendingTradeCard
              trade={trade}
              viewerId={userId}
              busy={busyFor(trade)}
              onAnswer={(item, status) => setConfirming({ trade: item, status })}
              onCancel={(item) => cancel.mutate(item.id)}
              onCounter={setCountering}
              highlighted={trade.id === highlightId}
            />
          </li>
        ))}
      </CardList>
    );
  }
  return (
    <>
      {body}
      {/* An offer that stops being pending meanwhile (cancelled, countered, expired) closes its confirmation. */}
      {confirming && query.data?.some((trade) => trade.id === confirming.trade.id) && (
        <AnswerTradeDialog
          trade={confirming.trade}
          answer={confirming.status}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            answer.mutate({ tradeId: confirming.trade.id, status: confirming.status });
            setConfirming(null);
          }}
        />
      )}
      {countering && (
        <Suspense fallback={null}>
          <CounterDialog trade={countering} viewerId={userId} onClose={() => setCountering(null)} />
        </Suspense>
      )}
    </>
  );
}
