import { Link } from 'react-router';
import styled from 'styled-components';
import { DISPLAY, timeAgo, type Trade, type UserId } from '@pog/common';
import { Spinner } from '../../components/Spinner';
import { usePendingTrades } from '../../features/trades/queries';
import { Muted, Panel, PanelHead, PanelTitle } from './studioStyles';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  li {
    padding: 0.6rem 0.75rem;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.backgroundAlt};
    font-size: 0.9rem;
  }
`;

const AllLink = styled(Link)`
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.accent};
`;

function describeTrade(trade: Trade, userId: UserId): string {
  const incoming = trade.toUserId === userId;
  const who = `@${incoming ? trade.fromUser.username : trade.toUser.username}`;
  const offer = trade.offerPog?.name ?? 'a deleted POG';
  const request = trade.requestPog?.name ?? 'a deleted POG';
  return incoming ? `${who} offers ${offer} for your ${request}` : `You offer ${offer} to ${who} for ${request}`;
}

/** The first 2 pending trades, live, and the way to all of them (product spec: screens, Create). */
export function ActiveTrades({ userId }: { userId: UserId }) {
  const query = usePendingTrades(userId);
  const trades = (query.data ?? []).slice(0, DISPLAY.studioTrades);
  return (
    <Panel aria-labelledby="active-trades-title">
      <PanelHead>
        <PanelTitle id="active-trades-title">Active Trades</PanelTitle>
        <AllLink to="/trade">View all trades</AllLink>
      </PanelHead>
      {query.isPending ? (
        <Spinner label="Loading trades..." />
      ) : query.isError ? (
        <Muted>Trades could not be loaded right now.</Muted>
      ) : trades.length === 0 ? (
        <Muted>No active trades</Muted>
      ) : (
        <List>
          {trades.map((trade) => (
            <li key={trade.id}>
              {describeTrade(trade, userId)}
              <Muted as="span"> · {timeAgo(trade.createdAt)}</Muted>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}
