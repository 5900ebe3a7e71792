import { useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { RARITIES, type Rarity } from '@pog/common';
import { media } from '../../app/theme';
import { Button } from '../../components/Button';
import { Label, Select } from '../../components/formControls';
import { SearchIcon } from '../../components/icons';
import { playerPath } from '../../features/players/paths';
import { PickerField, PlayerSelect } from '../../features/players/PlayerSelect';
import { usePlayerChoices } from '../../features/players/queries';

import { NO_FILTERS, type FilterValues } from './exploreView';

const Bar = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr auto;
  gap: 0.75rem;
  align-items: end;
  ${media.belowMd} { grid-template-columns: 1fr 1fr; }
`;

/** Under the filters once a creator is chosen: their player page (profile, Challenge, Trade). */
const CreatorPageLink = styled(Link)`
  grid-column: 1 / -1;
  width: fit-content;
  font-size: 0.9rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const SearchBox = styled.div`
  position: relative;
  svg { position: absolute; left: 0.75rem; bottom: 0.7rem; width: 1.1rem; height: 1.1rem; color: ${({ theme }) => theme.colors.textSubtle}; pointer-events: none; }
  input {
    width: 100%;
    padding: 0.6rem 0.75rem 0.6rem 2.4rem;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.backgroundAlt};
    &:focus { outline: none; border-color: ${({ theme }) => theme.colors.primary}; box-shadow: 0 0 0 3px rgba(139, 92, 246, 0.35); }
  }
  ${media.belowMd} { grid-column: 1 / -1; }
`;

/** A search box on its own (the visitors' Discover page) or with the filters beside it. */
export function SearchField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <SearchBox>
      <Label>
        {label}
        <input type="search" value={value} placeholder="Search by name..." onChange={(event) => onChange(event.target.value)} />
      </Label>
      <SearchIcon />
    </SearchBox>
  );
}

/** Explore's search, rarity filter, creator filter and Clear Filters. */
export function ExploreFilters({ value, onChange }: { value: FilterValues; onChange: (value: FilterValues) => void }) {
  const creatorLabelId = useId();
  const [creatorSearch, setCreatorSearch] = useState('');
  const chosenId = value.creator ? Number(value.creator) : null;
  // Players holding POGs, searched on the server; the chosen creator is kept in the options.
  const creators = usePlayerChoices('holding', creatorSearch, chosenId);
  const chosen = creators.players.find((player) => player.id === chosenId);
  const active = value.search !== '' || value.rarity !== '' || value.creator !== '';
  return (
    <Bar role="search" aria-label="Filter POGs">
      <SearchField label="Search" value={value.search} onChange={(search) => onChange({ ...value, search })} />
      <Label>
        Rarity
        <Select value={value.rarity} onChange={(event) => onChange({ ...value, rarity: event.target.value as Rarity | '' })}>
          <option value="">All rarities</option>
          {RARITIES.map((rarity) => (
            <option key={rarity} value={rarity}>
              {rarity[0]?.toUpperCase()}
              {rarity.slice(1)}
            </option>
          ))}
        </Select>
      </Label>
      <PickerField>
        <span id={creatorLabelId}>Creator</span>
        <PlayerSelect
          choices={creators}
          search={creatorSearch}
          onSearch={setCreatorSearch}
          value={chosenId}
          onChange={(id) => onChange({ ...value, creator: id === null ? '' : String(id) })}
          emptyOption="All creators"
          optionText={(player) => `${player.displayName || player.username} (@${player.username})`}
          labelledBy={creatorLabelId}
        />
      </PickerField>
      <Button $variant="outline" onClick={() => onChange(NO_FILTERS)} disabled={!active}>
        Clear Filters
      </Button>
      {chosen && <CreatorPageLink to={playerPath(chosen.id)}>View @{chosen.username}'s player page</CreatorPageLink>}
    </Bar>
  );
}
