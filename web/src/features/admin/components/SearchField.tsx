import { useId } from 'react';
import styled from 'styled-components';
import { SearchIcon } from '../../../components/icons';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

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

interface SearchFieldProps {
  /** The field's accessible name (e.g. 'Search users'). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above an admin list (the server does the matching). */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  const inputId = useId();
  return (
    <SearchBox role="search" aria-label={label}>
      <VisuallyHidden as="label" htmlFor={inputId}>
        {label}
      </VisuallyHidden>
      <SearchIcon />
      <input id={inputId} type="search" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </SearchBox>
  );
}
