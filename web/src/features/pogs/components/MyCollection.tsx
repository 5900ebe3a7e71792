import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { Pog } from '@pog/common';
import { ButtonLink } from '../../../components/Button';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDeletePog } from '../mutations';
import { useUserPogs } from '../queries';
import { useTradeDialog } from '../../trades/useTradeDialog';
import { PogCard } from './PogCard';
import { PogGrid, PogGridSkeleton } from './PogGrid';

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: 1rem;
  padding: 3rem 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  h2 { font-size: 1.3rem; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/**
 * The card actions every screen of the player's own POGs shares: edit, delete and trade. Trade opens
 * the Trade dialog in place with the POG offered; render `tradeDialog` on the screen.
 */
export function useOwnPogActions(): {
  onEdit: (pog: Pog) => void;
  onDelete: (pog: Pog) => Promise<unknown>;
  onTrade: (pog: Pog) => void;
  tradeDialog: ReactNode;
} {
  const navigate = useNavigate();
  const deletion = useDeletePog();
  const { openTrade, dialog } = useTradeDialog();
  const onEdit = useCallback((pog: Pog) => navigate(`/create?edit=${pog.id}`), [navigate]);
  const onDelete = useCallback((pog: Pog) => deletion.mutateAsync(pog.id), [deletion]);
  const onTrade = useCallback((pog: Pog) => openTrade({ offerPogId: pog.id }), [openTrade]);
  return { onEdit, onDelete, onTrade, tradeDialog: dialog };
}

/** The player's POGs: a grid, 10 skeletons while loading, or the empty state. */
export function MyCollection({ userId }: { userId: number }) {
  const query = useUserPogs(userId);
  const { tradeDialog, ...actions } = useOwnPogActions();

  if (query.isPending) return <PogGridSkeleton label="Loading your collection..." />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <Empty>
        <h2>No POGs yet</h2>
        <p>Design your first disc: pick colours, add a picture and some text.</p>
        <ButtonLink to="/create">Create Your First POG</ButtonLink>
      </Empty>
    );
  }
  return (
    <>
      <PogGrid label="My Collection">
        {query.data.map((pog) => (
          <li key={pog.id}>
            <PogCard pog={pog} viewerId={userId} {...actions} />
          </li>
        ))}
      </PogGrid>
      {tradeDialog}
    </>
  );
}
