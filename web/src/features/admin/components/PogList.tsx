import type { Pog } from '@pog/common';
import type { AdminListQuery } from '../queries';
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
}

/** A grid of POG cards, a page at a time, with its count and its loading, failed and empty states. */
export function PogList({ label, noun, query, empty, onReview }: PogListProps) {
  return (
    <PagedListState query={query} noun={noun} loadingLabel={`Loading ${label.toLowerCase()}...`} empty={empty}>
      {(pogs) => (
        <CardGrid aria-label={label}>
          {pogs.map((pog) => (
            <li key={pog.id}>
              <AdminPogCard pog={pog} onReview={onReview} />
            </li>
          ))}
        </CardGrid>
      )}
    </PagedListState>
  );
}
