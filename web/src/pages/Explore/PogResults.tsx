import { startTransition, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { Pog, UserId } from '@pog/common';
import { Button, ButtonLink } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Spinner } from '../../components/Spinner';
import { PogCard } from '../../features/pogs/components/PogCard';
import { PogGrid, PogGridSkeleton } from '../../features/pogs/components/PogGrid';
import type { PogFilters } from '../../features/pogs/keys';
import { useExplorePogs } from '../../features/pogs/queries';
import { useInView } from '../../hooks/useInView';
import { useScreenDrawn } from '../../hooks/usePageTitle';

const More = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.5rem;
  padding: 1.5rem 0 0.5rem;
  min-height: 3rem;
`;

const Empty = styled.p`
  padding: 2.5rem 1rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Invite = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  padding: 2.5rem 1rem;
  text-align: center;
  p { color: ${({ theme }) => theme.colors.textMuted}; max-width: 32rem; }
`;

/** Nothing narrows the list: an empty answer means there are no POGs at all yet. */
export function isUnfiltered(filters: Pick<PogFilters, 'search' | 'rarity' | 'creator'>): boolean {
  return filters.search.trim() === '' && filters.rarity === '' && filters.creator === '';
}

export const EMPTY_EXPLORE_TEXT = {
  noMatch: 'No POGs match your search.',
  title: 'No POGs yet',
  invite: 'Nobody has designed a POG here yet. Make the first one: pick two colours, add some text or a picture, and it shows up here for everyone.',
  action: 'Create Your First POG',
} as const;

/**
 * The first cards, on a phone's first screen (two rows of two): drawn first, their pictures asked
 * for at once. The rest of the page follows in a transition, which React renders in short slices:
 * the first screen does not wait on the cards below it, and the page stays responsive meanwhile.
 */
const FIRST_CARDS = 4;

/** How many of `total` cards to draw: the first ones, then (once they are on screen) all of them. */
function useCardsShown(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (total > 0 && !all) startTransition(() => setAll(true));
  }, [total, all]);
  return all ? total : Math.min(total, FIRST_CARDS);
}

/** Starts loading the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN = '400px';

interface PogResultsProps {
  filters: PogFilters;
  label: string;
  viewerId: UserId | null;
  onSelect: (pog: Pog) => void;
  onTrade?: (pog: Pog) => void;
}

/**
 * A browsing list over the paginated API: the next page loads as the end of the list scrolls into
 * view, and a "Load more" button does the same for keyboard and screen-reader users.
 */
export function PogResults({ filters, label, viewerId, onSelect, onTrade }: PogResultsProps) {
  const query = useExplorePogs(filters);
  const { ref: sentinel, inView: nearEnd } = useInView<HTMLDivElement>(PREFETCH_MARGIN, { once: false });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pogs = query.data?.pages.flatMap((page) => page.pogs) ?? [];
  const shown = useCardsShown(pogs.length);
  // Explore's first screen is drawn once its list is: cards, a refusal or an empty list.
  useScreenDrawn(!query.isPending);

  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <PogGridSkeleton />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (pogs.length === 0) {
    if (!isUnfiltered(filters)) return <Empty>{EMPTY_EXPLORE_TEXT.noMatch}</Empty>;
    // A new game: invite the player to make the first POG (a visitor is asked to sign in on the way).
    return (
      <Invite>
        <strong>{EMPTY_EXPLORE_TEXT.title}</strong>
        <p>{EMPTY_EXPLORE_TEXT.invite}</p>
        <ButtonLink to="/create">{EMPTY_EXPLORE_TEXT.action}</ButtonLink>
      </Invite>
    );
  }

  return (
    <>
      <PogGrid label={label}>
        {pogs.slice(0, shown).map((pog, index) => (
          <li key={pog.id}>
            <PogCard pog={pog} viewerId={viewerId} onSelect={onSelect} onTrade={onTrade} showCreator challenge prominent={index < FIRST_CARDS} />
          </li>
        ))}
      </PogGrid>
      {/* Only under the whole page: under the first cards, it would seem near and ask for the next page. */}
      {shown === pogs.length && (
        <More ref={sentinel}>
          {isFetchingNextPage ? (
            <Spinner label="Loading more POGs..." />
          ) : hasNextPage ? (
            <Button $variant="secondary" onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          ) : null}
        </More>
      )}
    </>
  );
}
