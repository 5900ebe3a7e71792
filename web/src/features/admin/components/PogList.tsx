import type { Pog } from '@pog/common';
import { Spinner } from '../../../components/Spinner';
import { AdminPogCard } from './AdminPogCard';
import { CardGrid, EmptyState } from './styles';

interface PogListProps {
  label: string;
  pogs: readonly Pog[] | undefined;
  loading: boolean;
  empty: string;
  onReview: (pog: Pog) => void;
}

/** A grid of POG cards with its loading and empty states. */
export function PogList({ label, pogs, loading, empty, onReview }: PogListProps) {
  if (loading && !pogs) return <Spinner label={`Loading ${label.toLowerCase()}...`} />;
  if (!pogs || pogs.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <CardGrid aria-label={label}>
      {pogs.map((pog) => (
        <li key={pog.id}>
          <AdminPogCard pog={pog} onReview={onReview} />
        </li>
      ))}
    </CardGrid>
  );
}
