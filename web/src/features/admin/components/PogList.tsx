import type { UseQueryResult } from '@tanstack/react-query';
import type { Pog } from '@pog/common';
import { AdminPogCard } from './AdminPogCard';
import { ListState } from './ListState';
import { CardGrid } from './styles';

interface PogListProps {
  label: string;
  query: UseQueryResult<readonly Pog[]>;
  empty: string;
  onReview: (pog: Pog) => void;
}

/** A grid of POG cards with its loading, failed and empty states. */
export function PogList({ label, query, empty, onReview }: PogListProps) {
  return (
    <ListState query={query} loadingLabel={`Loading ${label.toLowerCase()}...`} empty={empty}>
      {(pogs) => (
        <CardGrid aria-label={label}>
          {pogs.map((pog) => (
            <li key={pog.id}>
              <AdminPogCard pog={pog} onReview={onReview} />
            </li>
          ))}
        </CardGrid>
      )}
    </ListState>
  );
}
