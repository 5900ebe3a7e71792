import styled from 'styled-components';
import type { Pog, PogId } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { stretchedButton } from '../../../components/StretchedButton';
import { PogDisc } from '../../pogs/components/PogDisc';
import { RarityBadge } from '../../pogs/components/RarityBadge';
import { TRADE_BLOCK_LABELS } from '../../pogs/trade';
import { useTradeBlock } from '../../pogs/useTradeBlock';

const DISC_SIZE = 72;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.25rem;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(104px, 1fr));
  gap: 0.6rem;
  max-height: 300px;
  overflow-y: auto;
`;

const Tile = styled.div<{ $pressed: boolean; $blocked: boolean }>`
  position: relative;
  display: grid;
  justify-items: center;
  gap: 0.35rem;
  width: 100%;
  padding: 0.6rem 0.4rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ theme, $pressed }) => ($pressed ? theme.colors.accent : theme.colors.border)};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  color: ${({ theme }) => theme.colors.text};
  transition: border-color 120ms ease, transform 120ms ease;
  ${({ $pressed }) => $pressed && 'box-shadow: 0 0 0 3px rgba(236, 72, 153, 0.3);'}
  ${({ $blocked, theme }) => ($blocked ? 'opacity: 0.45; filter: grayscale(0.6);' : `&:hover { border-color: ${theme.colors.borderStrong}; transform: translateY(-1px); }`)}
`;

/** The tile's button: just the POG's name on screen, stretched over the whole tile. */
const NameButton = styled.button`
  ${stretchedButton}
  max-width: 100%;
  font-size: 0.8rem;
  font-weight: 700;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Blocked = styled.span`
  font-size: 0.7rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.warning};
`;

const Chosen = styled(Badge)`
  position: absolute;
  z-index: 2;
  pointer-events: none;
  top: 0.3rem;
  right: 0.3rem;
  font-size: 0.65rem;
`;

interface SelectablePogProps {
  pog: Pog;
  selected: boolean;
  /** "Offer" or "Request": starts the button's accessible name. */
  verb: string;
  badge: string;
  onToggle: (pogId: PogId) => void;
}

/**
 * One POG as a toggle button over its tile; a POG that cannot be traded is disabled, its title
 * saying why.
 */
function SelectablePog({ pog, selected, verb, badge, onToggle }: SelectablePogProps) {
  const block = useTradeBlock(pog);
  // A POG that became untradeable while chosen (e.g. traded in another tab) is no longer chosen.
  const chosen = selected && block === null;
  return (
    <Tile $pressed={chosen} $blocked={block !== null}>
      <PogDisc design={pog} size={DISC_SIZE} />
      <NameButton
        type="button"
        aria-pressed={chosen}
        aria-label={`${verb} ${pog.name}`}
        title={block?.title}
        disabled={block !== null}
        data-pog-id={pog.id}
        onClick={() => onToggle(pog.id)}
      >
        {pog.name}
      </NameButton>
      {block ? <Blocked>{TRADE_BLOCK_LABELS[block.reason]}</Blocked> : <RarityBadge pog={pog} />}
      {chosen && <Chosen $variant={badge === 'Want' ? 'success' : 'default'}>{badge}</Chosen>}
    </Tile>
  );
}

interface SelectablePogGridProps {
  label: string;
  pogs: readonly Pog[];
  selectedId: number | null;
  verb: string;
  badge: string;
  onToggle: (pogId: PogId) => void;
}

/** The POGs of one side of the Trade dialog; the chosen one carries its badge (Offering or Want). */
export function SelectablePogGrid({ label, pogs, selectedId, verb, badge, onToggle }: SelectablePogGridProps) {
  return (
    <Grid aria-label={label}>
      {pogs.map((pog) => (
        <li key={pog.id}>
          <SelectablePog pog={pog} selected={pog.id === selectedId} verb={verb} badge={badge} onToggle={onToggle} />
        </li>
      ))}
    </Grid>
  );
}
