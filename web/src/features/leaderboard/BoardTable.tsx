import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { LeaderboardEntry } from '@pog/common';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { playerPath } from '../players/paths';

/** A board's table: ranks and names left, figures right, the viewer's own row marked. */
export const BoardTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption { text-align: left; font-weight: 700; padding-bottom: 0.5rem; }
  th, td { padding: 0.55rem 0.6rem; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
  td.figure, th.figure { text-align: right; font-variant-numeric: tabular-nums; }
  tr[aria-current='true'] td { background: ${({ theme }) => theme.colors.backgroundAlt}; font-weight: 700; }
`;

/** A narrow screen scrolls the table sideways rather than the page. */
export const TableScroll = styled.div`
  overflow-x: auto;
`;

/** The signed-in viewer's own place on the board, above it. */
export const OwnPlace = styled.p`
  margin: 0 0 1rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Pager = styled.nav`
  display: flex;
  justify-content: space-between;
  align-items: center;
  margin-top: 1rem;
  font-size: 0.9rem;
`;

/** Previous and Next under a board, Next while there are more and the page is below the last one served. */
export function BoardPager({ label, page, hasMore, maxPage, onPage }: { label: string; page: number; hasMore: boolean; maxPage: number; onPage: (page: number) => void }) {
  return (
    <Pager aria-label={label}>
      <Button $variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>Page {page}</span>
      <Button $variant="outline" disabled={!hasMore || page >= maxPage} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Pager>
  );
}

const Player = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
`;

/** A row's player: avatar and username, linked to their page for signed-in viewers (player pages are for them). */
export function BoardPlayer({ entry, linked }: { entry: Pick<LeaderboardEntry, 'userId' | 'username' | 'avatarInitials' | 'avatarColor'>; linked: boolean }): ReactNode {
  return (
    <Player>
      <Avatar initials={entry.avatarInitials} color={entry.avatarColor} size={28} />
      {linked ? <Link to={playerPath(entry.userId)}>{entry.username}</Link> : entry.username}
    </Player>
  );
}
