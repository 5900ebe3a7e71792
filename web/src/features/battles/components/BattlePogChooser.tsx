import { useId } from 'react';
import styled from 'styled-components';
import type { BattleSide, BattleType, Pog, PogId } from '@pog/common';
import { PogDisc } from '../../pogs/components/PogDisc';
import { RarityBadge } from '../../pogs/components/RarityBadge';
import { nextUnblock, riskBlock } from '../eligibility';
import { chooserNote } from '../outcome';
import { useNow } from '../../../hooks/useNow';

const DISC_SIZE = 64;

const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
`;

const Legend = styled.legend`
  margin-bottom: 0.5rem;
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 0.6rem;
  max-height: 340px;
  overflow-y: auto;
  padding: 0.25rem;
`;

const Tile = styled.label<{ $blocked: boolean }>`
  position: relative;
  display: grid;
  justify-items: center;
  gap: 0.3rem;
  padding: 0.7rem 0.5rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  text-align: center;
  cursor: ${({ $blocked }) => ($blocked ? 'not-allowed' : 'pointer')};
  opacity: ${({ $blocked }) => ($blocked ? 0.55 : 1)};
  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.accent}; box-shadow: 0 0 0 3px rgba(236, 72, 153, 0.3); }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  input { position: absolute; top: 0.5rem; left: 0.5rem; accent-color: ${({ theme }) => theme.colors.accent}; }
`;

const Name = styled.span`
  max-width: 100%;
  font-size: 0.85rem;
  font-weight: 700;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Small = styled.span<{ $warn?: boolean }>`
  font-size: 0.75rem;
  color: ${({ theme, $warn }) => ($warn ? theme.colors.warning : theme.colors.textMuted)};
`;

export interface BattlePogChooserProps {
  legend: string;
  pogs: readonly Pog[];
  /** POGs already committed in open battles. */
  risked: ReadonlySet<number>;
  battleType: BattleType;
  /** The chooser's seat: in a coin flip the challenger is Heads and the defender Tails. */
  side: BattleSide;
  value: number | null;
  onChange: (pogId: PogId) => void;
}

/**
 * Radio tiles of the player's POGs, each with its rarity and roll bonus. A POG the server would
 * refuse (cooldown, rejected, no supply, already risked) stays visible but disabled, its reason
 * beside it and read out with it; a cooldown that runs out frees the POG on screen by itself.
 */
export function BattlePogChooser({ legend, pogs, risked, battleType, side, value, onChange }: BattlePogChooserProps) {
  const name = useId();
  const firstBlocks = pogs.map((pog) => riskBlock(pog, risked, Date.now()));
  const now = useNow(nextUnblock(firstBlocks));
  return (
    <Fieldset>
      <Legend>{legend}</Legend>
      <Grid>
        {pogs.map((pog) => {
          const block = riskBlock(pog, risked, now);
          const noteId = `${name}-${pog.id}-note`;
          return (
            <Tile key={pog.id} $blocked={block !== null} title={block?.label}>
              <input
                type="radio"
                name={name}
                value={pog.id}
                checked={value === pog.id}
                disabled={block !== null}
                aria-label={pog.name}
                aria-describedby={noteId}
                onChange={() => onChange(pog.id)}
              />
              <PogDisc design={pog} size={DISC_SIZE} />
              <Name>{pog.name}</Name>
              <RarityBadge pog={pog} />
              <Small id={noteId} $warn={block !== null}>
                {block ? block.label : chooserNote(battleType, side, pog.rarity)}
              </Small>
            </Tile>
          );
        })}
      </Grid>
    </Fieldset>
  );
}
