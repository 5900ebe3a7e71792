import { useState } from 'react';
import type { Pog } from '@pog/common';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { ADMIN_TEXT } from '../messages';
import { useAllPogs } from '../queries';
import { BulkPogList } from './BulkPogList';
import { SEARCH_DEBOUNCE_MS } from './PagedListState';
import { SearchField } from './SearchField';

/** Every POG, newest first, searchable by name or owner (the server matches case-insensitively). */
export function AllPogsTab({ onReview, onUnauthorized }: { onReview: (pog: Pog) => void; onUnauthorized: () => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useAllPogs(debounced, true, onUnauthorized);
  return (
    <>
      <SearchField label="Search POGs" placeholder={ADMIN_TEXT.searchPlaceholder} value={search} onChange={setSearch} />
      <BulkPogList label="All POGs" noun="POGs" query={query} empty={ADMIN_TEXT.noPogs} onReview={onReview} />
    </>
  );
}
