/** The player picker's search: by display name or username, case-insensitive, in name order. */
import type { User } from '@pog/common';

type Named = Pick<User, 'username' | 'displayName'>;

/** The name a player goes by: the display name, or the username when it is blank. */
export const shownName = (player: Named) => player.displayName.trim() || player.username;

export function searchPlayers<P extends Named>(players: readonly P[], query: string): P[] {
  const needle = query.trim().toLowerCase().replace(/^@/, '');
  const matching = needle
    ? players.filter((player) => player.username.toLowerCase().includes(needle) || player.displayName.toLowerCase().includes(needle))
    : [...players];
  return matching.sort((a, b) => shownName(a).localeCompare(shownName(b), undefined, { sensitivity: 'base' }) || a.username.localeCompare(b.username));
}
