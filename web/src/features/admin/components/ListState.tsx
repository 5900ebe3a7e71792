import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { ADMIN_TEXT } from '../messages';
import { EmptyState } from './styles';

const Failed = styled(EmptyState).attrs({ as: 'div' })`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
`;

/** What ListState reads of a query (a useQuery result, or a paged list's items so far). */
export interface ListQuery<T> {
  data: readonly T[] | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * An admin list's loading, failed and empty states, else the list. A list that could not load says
 * so, with Retry: its empty text ('No flagged POGs to review') would be a false all-clear. A list
 * already on screen stays there when a refresh fails (the toast says it).
 */
export function ListState<T>({ query, loadingLabel, empty, children }: { query: ListQuery<T>; loadingLabel: string; empty: string; children: (items: readonly T[]) => ReactNode }) {
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <Failed>
          <p>{ADMIN_TEXT.loadFailed}</p>
          <Button $variant="secondary" $size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
            {ADMIN_TEXT.retry}
          </Button>
        </Failed>
      );
    }
    return <Spinner label={loadingLabel} />;
  }
  if (query.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}
