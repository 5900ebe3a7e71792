/**
 * A searchable player picker: a search box that asks the server, above the select the screen already
 * had (its first option and its texts unchanged). The select lists the first page of matches and
 * keeps the chosen player.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PlayerSummary } from '../pogs/queries';
import { Input, Select } from '../../components/formControls';
import type { PlayerChoices } from './queries';
import { asUserId, type UserId } from '@pog/common';

const Stack = styled.div`
  display: grid;
  gap: 0.4rem;
`;

const Hint = styled.span`
  font-size: 0.8rem;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

/** A picker with its visible name: a span (give it the id the select's `labelledBy` names), then the PlayerSelect. */
export const PickerField = styled.div`
  display: grid;
  gap: 0.35rem;
  > span { font-size: 0.875rem; font-weight: 700; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/**
 * The search box's name. Not 'Search...' (the screens' own search boxes) nor the select's name
 * ('Creator', 'Opponent'): each name on a screen points at one control. The select's name
 * describes it.
 */
export const PLAYER_SEARCH_LABEL = 'Find by name';

export interface PlayerSelectProps {
  /** The options: usePlayerChoices(kind, search, value). */
  choices: PlayerChoices;
  search: string;
  onSearch: (search: string) => void;
  value: number | null;
  onChange: (playerId: UserId | null) => void;
  /** The select's first option (no player). */
  emptyOption: string;
  optionText?: (player: PlayerSummary) => ReactNode;
  /** What the select is called, for screen readers, when no label wraps it. */
  labelledBy?: string | undefined;
  disabled?: boolean;
}

export function PlayerSelect({ choices, search, onSearch, value, onChange, emptyOption, optionText = (player) => player.username, labelledBy, disabled }: PlayerSelectProps) {
  const searching = search.trim() !== '';
  return (
    <Stack>
      <Input type="search" aria-label={PLAYER_SEARCH_LABEL} aria-describedby={labelledBy} placeholder="Type a name..." value={search} onChange={(event) => onSearch(event.target.value)} />
      <Select aria-labelledby={labelledBy} value={value ?? ''} disabled={disabled || (choices.isPending && !searching)} onChange={(event) => onChange(event.target.value ? asUserId(Number(event.target.value)) : null)}>
        <option value="">{emptyOption}</option>
        {choices.players.map((player) => (
          <option key={player.id} value={player.id}>
            {optionText(player)}
          </option>
        ))}
      </Select>
      {choices.more && <Hint>More players match: type a name to narrow the list.</Hint>}
      {searching && !choices.isPending && choices.players.length === 0 && <Hint role="status">No players match your search.</Hint>}
    </Stack>
  );
}
