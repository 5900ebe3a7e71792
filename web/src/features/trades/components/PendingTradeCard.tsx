import { timeAgo, type Trade, type UserId } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { ExpiresIn } from '../../../components/ExpiresIn';
import { TRADE_TEXT } from '../messages';
import { Actions, Card } from './tradeCardStyles';
import { TradeCardHead } from './TradeCardHead';
import { TradeChain } from './TradeChain';
import { TradePogPair } from './TradePogPair';
import { useHighlight } from './useHighlight';

export interface PendingTradeCardProps {
  trade: Trade;
  viewerId: UserId;
  /** Which action of this card is under way, if any. */
  busy: 'accepted' | 'rejected' | 'cancel' | null;
  onAnswer: (trade: Trade, status: 'accepted' | 'rejected') => void;
  onCancel: (trade: Trade) => void;
  onCounter: (trade: Trade) => void;
  /** The trade a link named: lit and scrolled into view. */
  highlighted?: boolean;
}

/**
 * A pending trade (product spec: screens, Pending trade card): the other player's avatar and name,
 * 'Pending', how long ago, and both POGs. The recipient accepts, rejects or counters; the
 * sender cancels. A counter-offer also shows its round and the earlier offers.
 */
export function PendingTradeCard({ trade, viewerId, busy, onAnswer, onCancel, onCounter, highlighted = false }: PendingTradeCardProps) {
  const ref = useHighlight<HTMLElement>(highlighted);
  const received = trade.toUserId === viewerId;
  const other = received ? trade.fromUser : trade.toUser;
  const working = busy !== null;
  return (
    <Card ref={ref} aria-label={received ? `Offer from ${other.username}` : `Offer to ${other.username}`} aria-current={highlighted || undefined} data-trade-id={trade.id}>
      <TradeCardHead
        other={other}
        meta={
          <>
            <Badge $variant="outline">{TRADE_TEXT.pending}</Badge>
            {trade.chain.length > 0 && <Badge $variant="secondary">{TRADE_TEXT.counterBadge(trade.chain.length + 1)}</Badge>}
            <time dateTime={trade.createdAt}>{timeAgo(trade.createdAt)}</time>
            <ExpiresIn at={trade.expiresAt} />
          </>
        }
      >
        <p>{received ? 'Offers you a trade' : 'Your offer, waiting for an answer'}</p>
      </TradeCardHead>
      <TradePogPair
        offer={trade.offerPog}
        request={trade.requestPog}
        offerCaption={received ? 'They offer' : 'You offer'}
        requestCaption={received ? 'For your' : 'For their'}
      />
      <TradeChain trade={trade} />
      <Actions>
        {received ? (
          <>
            <Button $variant="outline" disabled={working} onClick={() => onCounter(trade)}>
              {TRADE_TEXT.counter}
            </Button>
            <Button $variant="secondary" disabled={working} aria-busy={busy === 'rejected'} onClick={() => onAnswer(trade, 'rejected')}>
              {busy === 'rejected' ? 'Rejecting...' : 'Reject'}
            </Button>
            <Button disabled={working} aria-busy={busy === 'accepted'} onClick={() => onAnswer(trade, 'accepted')}>
              {busy === 'accepted' ? 'Accepting...' : 'Accept'}
            </Button>
          </>
        ) : (
          <Button $variant="outline" disabled={working} aria-busy={busy === 'cancel'} onClick={() => onCancel(trade)}>
            {busy === 'cancel' ? 'Cancelling...' : 'Cancel Trade'}
          </Button>
        )}
      </Actions>
    </Card>
  );
}
