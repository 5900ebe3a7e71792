import { timeAgo, type Trade, type TradeId, type TradeStatus, type UserId } from '@pog/common';
import { Badge, type BadgeVariant } from '../../../components/Badge';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { cancelReasonText, TRADE_TEXT } from '../messages';
import { useTradeHistory } from '../queries';
import { Card, CardList, EmptyNote } from './tradeCardStyles';
import { TradeCardHead } from './TradeCardHead';
import { TradeChain } from './TradeChain';
import { TradePogPair } from './TradePogPair';
import { useHighlight } from './useHighlight';

const STATUS: Record<Exclude<TradeStatus, 'pending'>, { label: string; variant: BadgeVariant }> = {
  accepted: { label: 'Accepted', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'secondary' },
  countered: { label: 'Countered', variant: 'secondary' },
};

function FinishedTradeCard({ trade, viewerId, highlighted }: { trade: Trade; viewerId: UserId; highlighted: boolean }) {
  const ref = useHighlight<HTMLElement>(highlighted);
  const sent = trade.fromUserId === viewerId;
  const other = sent ? trade.toUser : trade.fromUser;
  const status = trade.status === 'pending' ? null : STATUS[trade.status];
  return (
    <Card ref={ref} aria-label={sent ? `Offer to ${other.username}` : `Offer from ${other.username}`} aria-current={highlighted || undefined} data-trade-id={trade.id}>
      <TradeCardHead
        other={other}
        meta={
          <>
            {status && <Badge $variant={status.variant}>{status.label}</Badge>}
            <time dateTime={trade.decidedAt ?? trade.createdAt}>{timeAgo(trade.decidedAt ?? trade.createdAt)}</time>
          </>
        }
      >
        <p>{sent ? 'Your offer' : 'Their offer'}</p>
        {trade.cancelReason && <p>{cancelReasonText(trade.cancelReason)}</p>}
      </TradeCardHead>
      <TradePogPair offer={trade.offerPog} request={trade.requestPog} offerCaption={sent ? 'You offered' : 'They offered'} requestCaption={sent ? 'For their' : 'For your'} />
      <TradeChain trade={trade} />
    </Card>
  );
}

/** The player's finished trades, newest decision first (accepted, rejected, cancelled, expired); `highlightId` is lit. */
export function TradeHistoryList({ userId, highlightId = null }: { userId: UserId; highlightId?: TradeId | null }) {
  const query = useTradeHistory(userId);
  if (query.isPending) return <Spinner label="Loading trade history..." />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyNote>
        <h2>{TRADE_TEXT.noHistory}</h2>
      </EmptyNote>
    );
  }
  return (
    <CardList aria-label="Trade history">
      {query.data.map((trade) => (
        <li key={trade.id}>
          <FinishedTradeCard trade={trade} viewerId={userId} highlighted={trade.id === highlightId} />
        </li>
      ))}
    </CardList>
  );
}
