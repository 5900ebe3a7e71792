import { useState } from 'react';
import styled from 'styled-components';
import type { Pog, UserId } from '@pog/common';
import { ErrorPanel } from '../../components/ErrorPanel';
import { HeadingLevel } from '../../components/HeadingLevel';
import { PogCard } from '../../features/pogs/components/PogCard';
import { ReportPog } from '../../features/reports/ReportPog';
import { PogDetailDialog } from '../../features/pogs/components/PogDetailDialog';
import { PogGrid, PogGridSkeleton } from '../../features/pogs/components/PogGrid';
import type { PlayerSummary } from '../../features/pogs/queries';
import { tradeIntent } from '../../features/pogs/trade';
import { useTradeDialog } from '../../features/trades/useTradeDialog';
import { shownName } from './playerSearch';
import { usePlayerPogs } from './queries';
import { PageSection } from '../../components/Page';

const Section = PageSection;

const Empty = styled.p`
  padding: 2.5rem 1rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The POGs a player holds, in the shared grid. Trade opens the Trade dialog in place: a request for
 * their POG, or an offer when it is the viewer's own page; Challenge sits on each of their cards.
 */
export function PlayerPogs({ player, viewerId }: { player: PlayerSummary; viewerId: UserId }) {
  const pogs = usePlayerPogs(player.id);
  const { openTrade, dialog: tradeDialog } = useTradeDialog();
  const [selected, setSelected] = useState<Pog | null>(null);
  const heading = `${shownName(player)}'s POGs`;

  const onTrade = (pog: Pog) => {
    const intent = tradeIntent(pog, viewerId, 'collection');
    if (intent.kind === 'offer') openTrade({ offerPogId: pog.id });
    else openTrade({ request: { pogId: pog.id, ownerId: pog.userId } });
  };

  return (
    <Section aria-labelledby="player-pogs-heading">
      <h2 id="player-pogs-heading">{heading}</h2>
      {pogs.isPending ? (
        <PogGridSkeleton label={`Loading ${heading}...`} />
      ) : pogs.isError ? (
        <ErrorPanel error={pogs.error} onRetry={() => void pogs.refetch()} />
      ) : pogs.data.length === 0 ? (
        <Empty>@{player.username} has no POGs yet.</Empty>
      ) : (
        <HeadingLevel level={3}>
          <PogGrid label={heading}>
            {pogs.data.map((pog) => (
              <li key={pog.id}>
                <PogCard pog={pog} viewerId={viewerId} onSelect={setSelected} onTrade={onTrade} showCreator challenge />
              </li>
            ))}
          </PogGrid>
        </HeadingLevel>
      )}
      <PogDetailDialog pog={selected} onClose={() => setSelected(null)} linkPlayers actions={selected && <ReportPog key={selected.id} pog={selected} viewerId={viewerId} />} />
      {tradeDialog}
    </Section>
  );
}
