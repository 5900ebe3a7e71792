import { useState } from 'react';
import type { AdminQueueSort, Pog } from '@pog/common';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { ADMIN_TEXT } from '../messages';
import { useFlaggedPogs } from '../queries';
import { BulkPogList } from './BulkPogList';
import { SEARCH_DEBOUNCE_MS } from './PagedListState';
import { SearchField } from './SearchField';
import { QueueSortControl } from './QueueSortControl';

/** Our texts (the spec has none for a search of the review queue). */
const FLAGGED_SEARCH = {
  label: 'Search flagged POGs',
  placeholder: 'Search flagged POGs by name or username...',
  noMatch: 'No flagged POGs match your search',
} as const;

/** The review queue, newest or most reported first, searchable by name or owner like All POGs. */
export function FlaggedTab({ onReview, onUnauthorized }: { onReview: (pog: Pog) => void; onUnauthorized: () => void }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdminQueueSort>('newest');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useFlaggedPogs(debounced, true, onUnauthorized, sort);
  // With a search, an empty list is no all-clear: it says that nothing matched.
  const empty = debounced.trim() ? FLAGGED_SEARCH.noMatch : ADMIN_TEXT.noFlagged;
  return (
    <>
      <SearchField label={FLAGGED_SEARCH.label} placeholder={FLAGGED_SEARCH.placeholder} value={search} onChange={setSearch} />
      <QueueSortControl value={sort} onChange={setSort} />
      <BulkPogList label="Flagged POGs" noun="flagged POGs" query={query} empty={empty} onReview={onReview} />
    </>
  );
}
