/** The two halves of the Trade dialog: your POGs to offer, and the player and POG you want. */
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../../app/theme';
import type { Pog, PogId, UserId } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { PlayerSelect } from '../../players/PlayerSelect';
import type { PlayerChoices } from '../../players/queries';
import { TRADE_TEXT } from '../messages';
import { SelectablePogGrid } from './SelectablePogGrid';
import { PogLink } from '../../pogs/components/PogLink';

export const Panel = styled.section`
  display: grid;
  gap: 0.75rem;
  align-content: start;
  min-width: 0;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

export const Heading = styled.h3`
  font-size: 1.05rem;
  letter-spacing: 0.02em;
`;

const Note = styled.p`
  padding: 1.25rem 0.5rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Choice = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
  min-height: 1.6rem;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

interface PogListState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: readonly Pog[] | undefined;
  refetch: () => unknown;
}

/** Loading, failure and empty states around a list of POGs. */
export function PogChoices({ query, empty, children }: { query: PogListState; empty: string; children: (pogs: readonly Pog[]) => ReactNode }) {
  if (query.isPending) return <Spinner label="Loading POGs..." />;
  if (query.isError || !query.data) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Note>{empty}</Note>;
  return <>{children(query.data)}</>;
}

interface YourPogsPanelProps {
  query: PogListState;
  chosen: Pog | null;
  selectedId: number | null;
  onToggle: (pogId: PogId) => void;
}

export function YourPogsPanel({ query, chosen, selectedId, onToggle }: YourPogsPanelProps) {
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <Heading id={headingId}>{TRADE_TEXT.yourPogs}</Heading>
      <PogChoices query={query} empty={TRADE_TEXT.noOwnPogs}>
        {(pogs) => (
          <>
            <SelectablePogGrid label={TRADE_TEXT.yourPogs} pogs={pogs} selectedId={selectedId} verb="Offer" badge={TRADE_TEXT.offering} onToggle={onToggle} />
            <Choice aria-live="polite">
              {chosen ? (
                <>
                  {TRADE_TEXT.selectedToTrade}{' '}
                  <strong>
                    <PogLink pog={chosen} newTab />
                  </strong>{' '}
                  <Badge>{TRADE_TEXT.offering}</Badge>
                </>
              ) : (
                TRADE_TEXT.clickToOffer
              )}
            </Choice>
          </>
        )}
      </PogChoices>
    </Panel>
  );
}

interface TradeWithPanelProps {
  players: PlayerChoices;
  playerSearch: string;
  onPlayerSearch: (search: string) => void;
  playerId: UserId | null;
  onPlayer: (playerId: UserId | null) => void;
  query: PogListState;
  chosen: Pog | null;
  selectedId: number | null;
  onToggle: (pogId: PogId) => void;
}

export function TradeWithPanel({ players, playerSearch, onPlayerSearch, playerId, onPlayer, query, chosen, selectedId, onToggle }: TradeWithPanelProps) {
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <Heading id={headingId}>{TRADE_TEXT.tradeWith}</Heading>
      <PlayerSelect choices={players} search={playerSearch} onSearch={onPlayerSearch} value={playerId} onChange={onPlayer} emptyOption={TRADE_TEXT.selectPlayer} labelledBy={headingId} />
      {playerId === null ? (
        <Note>{TRADE_TEXT.selectPlayerFirst}</Note>
      ) : (
        <PogChoices query={query} empty={TRADE_TEXT.playerHasNoPogs}>
          {(pogs) => (
            <>
              <SelectablePogGrid label="Their POGs" pogs={pogs} selectedId={selectedId} verb="Request" badge={TRADE_TEXT.want} onToggle={onToggle} />
              <Choice aria-live="polite">
                {chosen ? (
                  <>
                    {TRADE_TEXT.youWant}{' '}
                    <strong>
                      <PogLink pog={chosen} newTab />
                    </strong>{' '}
                     <Badge $variant="success">{TRADE_TEXT.want}</Badge>
                  </>
                ) : (
                  TRADE_TEXT.clickToRequest
                )}
              </Choice>
            </>
          )}
        </PogChoices>
      )}
    </Panel>
  );
}

/** The trade dialogs' two columns (yours, theirs), one below the other on a narrow screen. */
export const DialogColumns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1rem;
  ${media.belowMd} { grid-template-columns: 1fr; }
`;

export const DialogFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 0.75rem;
  margin-top: 1.25rem;
  p { flex: 1; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;
