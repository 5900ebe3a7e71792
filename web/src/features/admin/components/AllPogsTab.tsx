import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Pog } from '@pog/common';
import { SearchIcon } from '../../../components/icons';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { ADMIN_TEXT } from '../messages';
import { useAllPogs } from '../queries';
import { PogList } from './PogList';

const SearchBox = styled.div`
  position: relative;
  margin-bottom: 1rem;
  svg { position: absolute; left: 0.75rem; top: 50%; width: 1.1rem; height: 1.1rem; transform: translateY(-50%); color: ${({ theme }) => theme.colors.textSubtle}; pointer-events: none; }
  input {
    width: 100%;
    padding: 0.65rem 0.85rem 0.65rem 2.4rem;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.backgroundAlt};
    color: ${({ theme }) => theme.colors.text};
    &::placeholder { color: ${({ theme }) => theme.colors.textSubtle}; }
    &:focus { outline: none; border-color: ${({ theme }) => theme.colors.primary}; box-shadow: 0 0 0 3px rgba(139, 92, 246, 0.35); }
  }
`;

/** Search typing waits this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** Every POG, newest first, searchable by name or owner (the server matches case-insensitively). */
export function AllPogsTab({ onReview, onUnauthorized }: { onReview: (pog: Pog) => void; onUnauthorized: () => void }) {
  const inputId = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useAllPogs(debounced, true, onUnauthorized);
  return (
    <>
      <SearchBox role="search">
        <VisuallyHidden as="label" htmlFor={inputId}>
          Search POGs
        </VisuallyHidden>
        <SearchIcon />
        <input id={inputId} type="search" placeholder={ADMIN_TEXT.searchPlaceholder} value={search} onChange={(event) => setSearch(event.target.value)} />
      </SearchBox>
      <PogList label="All POGs" query={query} empty={ADMIN_TEXT.noPogs} onReview={onReview} />
    </>
  );
}
