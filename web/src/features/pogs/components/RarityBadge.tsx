import styled from 'styled-components';
import type { Pog, Rarity } from '@pog/common';

const Pill = styled.span<{ $rarity: Rarity | null }>`
  display: inline-flex;
  align-items: center;
  padding: 0.05rem 0.5rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid currentColor;
  color: ${({ theme, $rarity }) => ($rarity ? theme.colors.rarity[$rarity] : theme.colors.textMuted)};
  font-size: 0.7rem;
  font-weight: 800;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  white-space: nowrap;
`;

/** The POG's rarity, or "Scoring..." while the worker has not rated the current design yet. */
export function RarityBadge({ pog }: { pog: Pick<Pog, 'rarity' | 'pointsPending'> }) {
  return (
    <Pill $rarity={pog.pointsPending ? null : pog.rarity} data-testid="rarity">
      {pog.pointsPending ? 'Scoring...' : pog.rarity}
    </Pill>
  );
}
