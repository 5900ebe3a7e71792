import styled from 'styled-components';
import { timeAgo, type Trade } from '@pog/common';
import { TRADE_TEXT } from '../messages';

const Earlier = styled.details`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.text}; }
  ol { margin: 0.5rem 0 0; padding-left: 1.25rem; display: grid; gap: 0.3rem; }
`;

/** The earlier offers of a negotiation, first offer first (the Trade Center shows the chain). */
export function TradeChain({ trade }: { trade: Trade }) {
  if (trade.chain.length === 0) return null;
  return (
    <Earlier>
      <summary>{TRADE_TEXT.earlierOffers(trade.chain.length)}</summary>
      <ol aria-label="Earlier offers">
        {trade.chain.map((link) => (
          <li key={link.id}>
            {TRADE_TEXT.chainLink(link.fromUsername, link.offerPogName, link.requestPogName)} · {link.status} · <time dateTime={link.createdAt}>{timeAgo(link.createdAt)}</time>
          </li>
        ))}
      </ol>
    </Earlier>
  );
}
