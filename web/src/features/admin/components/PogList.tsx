import styled from 'styled-components';
import type { Pog } from '@pog/common';
import { BULK_TEXT } from '../bulk';
import type { AdminListQuery } from '../queries';
import type { PogSelection } from '../selection';
import { AdminPogCard } from './AdminPogCard';
import { PagedListState } from './PagedListState';
import { CardGrid } from './styles';

interface PogListProps {
  label: string;
  /** What the count line calls the items ('flagged POGs'). */
  noun: string;
  query: AdminListQuery<Pog>;
  empty: string;
  onReview: (pog: Pog) => void;
  /** When given, each card gets a checkbox for the bulk actions. */
  selection?: PogSelection;
}

/** The checkbox sits over the card's top left corner; a selected card is outlined. */
const Item = styled.li`
  position: relative;
  &[data-selected='true'] > article { border-color: ${({ theme }) => theme.colors.primary}; box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.primary}; }
`;

const SelectBox = styled.input`
  position: absolute;
  top: 0.65rem;
  left: 0.65rem;
  z-index: 1;
  width: 1.2rem;
  height: 1.2rem;
  margin: 0;
  cursor: pointer;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

/** A grid of POG cards, a page at a time, with its count and its loading, failed and empty states. */
export function PogList({ label, noun, query, empty, onReview, selection }: PogListProps) {
  return (
    <PagedListState query={query} noun={noun} loadingLabel={`Loading ${label.toLowerCase()}...`} empty={empty}>
      {(pogs) => (
        <CardGrid aria-label={label}>
          {pogs.map((pog) => {
            const selected = selection?.isSelected(pog.id) ?? false;
            return (
              <Item key={pog.id} data-selected={selected}>
                {selection && (
                  <SelectBox type="checkbox" aria-label={BULK_TEXT.selectPog(pog.name)} checked={selected} onChange={(event) => selection.toggle(pog.id, event.target.checked)} />
                )}
                <AdminPogCard pog={pog} onReview={onReview} />
              </Item>
            );
          })}
        </CardGrid>
      )}
    </PagedListState>
  );
}
