import styled from 'styled-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatModeratedAt } from '../display';
import type { HistoryEntry } from '../history';
import { FlagReasonText } from './FlagReasonText';
import { Muted } from './styles';

const Section = styled.section`
  margin-top: 1rem;
  h3 { font-size: 0.95rem; margin-bottom: 0.4rem; }
`;

const List = styled.ol`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 12rem;
  overflow-y: auto;
  li { padding: 0.4rem 0.6rem; border-radius: ${({ theme }) => theme.radii.sm}; background: ${({ theme }) => theme.colors.backgroundAlt}; font-size: 0.875rem; }
  q, .reason { display: block; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

/** Everything the server recorded about this POG's moderation: who did what, when, why (a flag's reason) and their notes. */
export function ModerationHistory({ query }: { query: UseQueryResult<HistoryEntry[]> }) {
  return (
    <Section aria-labelledby="moderation-history-title">
      <h3 id="moderation-history-title">Moderation history</h3>
      {query.isPending ? (
        <Muted>Loading the history...</Muted>
      ) : query.isError ? (
        <Muted role="alert">The history could not be loaded.</Muted>
      ) : query.data.length === 0 ? (
        <Muted>No moderation yet.</Muted>
      ) : (
        // It scrolls on its own, so it takes focus: the keyboard can scroll it too.
        <List tabIndex={0} aria-label="Moderation history entries">
          {query.data.map((entry) => (
            <li key={entry.key}>
              <strong>{entry.what}</strong> by {entry.who} · <time dateTime={entry.at}>{formatModeratedAt(entry.at)}</time>
              {entry.reason && (
                <span className="reason">
                  <FlagReasonText reason={entry.reason} />
                </span>
              )}
              {entry.notes && <q>{entry.notes}</q>}
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
