import { useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Field } from '../../components/Field';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { playerPath } from '../../features/players/paths';
import { usePageTitle } from '../../hooks/usePageTitle';
import { usePlayerPages } from '../../features/players/queries';
import { Button } from '../../components/Button';
import { shownName } from './playerSearch';
import type { UserId } from '@pog/common';

const Body = styled.div`
  display: grid;
  gap: 1.25rem;
  margin-top: 1.5rem;
  max-width: 720px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
`;

const Row = styled(Link)`
  display: flex;
  align-items: center;
  gap: 0.9rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  text-decoration: none;
  transition: border-color 120ms ease, transform 120ms ease;
  &:hover, &:focus-visible { border-color: ${({ theme }) => theme.colors.primary}; transform: translateY(-1px); }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const Names = styled.span`
  display: grid;
  gap: 0.1rem;
  min-width: 0;
  strong { display: flex; align-items: center; gap: 0.4rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
`;

const Count = styled.span`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  white-space: nowrap;
`;

const Empty = styled.p`
  padding: 2rem 1rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const pogCountText = (count: number) => `${count} ${count === 1 ? 'POG' : 'POGs'}`;

/**
 * /explore-user without an id: every player, a page at a time in username order, searched on the
 * server by username or display name, each linking to their page.
 */
export function PlayerPicker({ viewerId }: { viewerId: UserId }) {
  usePageTitle('Players');
  const [search, setSearch] = useState('');
  const players = usePlayerPages('all', search);
  const shown = players.data?.pages.flatMap((page) => page.players) ?? [];

  return (
    <Page>
      <PageHeader>
        <PageTitle>Players</PageTitle>
        <PageLead>Find a player to see their POGs, propose a trade or challenge them to a battle.</PageLead>
      </PageHeader>
      <Body>
        <Field label="Search players" type="search" placeholder="Search by name..." value={search} onChange={(event) => setSearch(event.target.value)} />
        {players.isPending ? (
          <Spinner label="Loading players..." />
        ) : players.isError ? (
          <ErrorPanel error={players.error} onRetry={() => void players.refetch()} />
        ) : shown.length === 0 ? (
          <Empty role="status">No players match your search.</Empty>
        ) : (
          <List aria-label="Players">
            {shown.map((player) => (
              <li key={player.id}>
                <Row to={playerPath(player.id)}>
                  <Avatar initials={player.avatarInitials} color={player.avatarColor} size={40} />
                  <Names>
                    <strong>
                      {shownName(player)}
                      {player.id === viewerId && <Badge $variant="secondary">You</Badge>}
                    </strong>
                    <span>@{player.username}</span>
                  </Names>
                  <Count>{pogCountText(player.pogCount)}</Count>
                </Row>
              </li>
            ))}
          </List>
        )}
        {players.hasNextPage && (
          <Button $variant="outline" onClick={() => void players.fetchNextPage()} disabled={players.isFetchingNextPage} aria-busy={players.isFetchingNextPage}>
            {players.isFetchingNextPage ? 'Loading...' : 'Load more players'}
          </Button>
        )}
      </Body>
    </Page>
  );
}
