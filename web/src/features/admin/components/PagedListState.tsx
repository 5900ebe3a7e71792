import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button';
import { listItems, listTotal } from '../paged';
import type { AdminListQuery } from '../queries';
import { ListState } from './ListState';
import { Muted } from './styles';

/** Search typing waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 1.25rem;
`;

const Count = styled(Muted)`
  margin: 0 0 0.75rem;
`;

interface PagedListStateProps<T> {
  query: AdminListQuery<T>;
  /** What the count line and the button call the items ('flagged POGs', 'users'). */
  noun: string;
  loadingLabel: string;
  empty: string;
  children: (items: readonly T[]) => ReactNode;
}

/**
 * An admin list a page at a time: how many are shown of how many match in all (the server's count,
 * kept by the live events), the items, and "Load more" while older ones remain.
 */
export function PagedListState<T>({ query, noun, loadingLabel, empty, children }: PagedListStateProps<T>) {
  const items = query.data ? listItems(query.data) : undefined;
  const shown = { data: items, isError: query.isError, isFetching: query.isFetching, refetch: query.refetch };
  return (
    <ListState query={shown} loadingLabel={loadingLabel} empty={empty}>
      {(loaded) => (
        <>
          <Count data-testid="list-count">
            Showing {loaded.length} of {listTotal(query.data)} {noun}
          </Count>
          {children(loaded)}
          {query.hasNextPage && (
            <More>
              <Button $variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? `Loading more ${noun}...` : `Load more ${noun}`}
              </Button>
            </More>
          )}
        </>
      )}
    </ListState>
  );
}
