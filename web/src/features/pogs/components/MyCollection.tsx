import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { Pog, UserId } from '@pog/common';
import { ButtonLink } from '../../../components/Button';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Label, Select } from '../../../components/formControls';
import { useUserStats } from '../../achievements/queries';
import { COLLECTION_SORTS, slotsText, sortCollection, type CollectionSort } from '../collectionSort';
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

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: 0.75rem 1.5rem;
  margin-bottom: 1.25rem;
  label { grid-template-columns: auto auto; align-items: center; gap: 0.6rem; }
`;

const Slots = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

/** POGs held of the collection limit, e.g. "6 of 8" (the limit grows with achievements). */
function SlotsCounter({ userId, held }: { userId: UserId; held: number }) {
  const stats = useUserStats(userId);
  if (!stats.data) return null;
  return (
    <Slots data-testid="collection-slots">
      Slots: <strong>{slotsText(held, stats.data.collectionLimit)}</strong>
    </Slots>
  );
}

/** The player's POGs: a grid, 10 skeletons while loading, or the empty state; a slots counter and a sort. */
export function MyCollection({ userId }: { userId: UserId }) {
  const query = useUserPogs(userId);
  const { tradeDialog, ...actions } = useOwnPogActions();
  const [sort, setSort] = useState<CollectionSort>('newest');
  const sorted = useMemo(() => sortCollection(query.data ?? [], sort), [query.data, sort]);

  if (query.isPending) return <PogGridSkeleton label="Loading your collection..." />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <>
        <Toolbar>
          <SlotsCounter userId={userId} held={0} />
        </Toolbar>
        <Empty>
          <h2>No POGs yet</h2>
          <p>Design your first disc: pick colours, add a picture and some text.</p>
          <ButtonLink to="/create">Create Your First POG</ButtonLink>
        </Empty>
      </>
    );
  }
  return (
    <>
      <Toolbar>
        <SlotsCounter userId={userId} held={query.data.length} />
        <Label>
          Sort by
          <Select value={sort} onChange={(event) => setSort(event.target.value as CollectionSort)}>
            {COLLECTION_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Label>
      </Toolbar>
      <PogGrid label="My Collection">
        {sorted.map((pog) => (
          <li key={pog.id}>
            <PogCard pog={pog} viewerId={userId} {...actions} />
          </li>
        ))}
      </PogGrid>
      {tradeDialog}
    </>
  );
}
