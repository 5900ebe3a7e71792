/** The challenge form's rules (product spec: validation): both an own POG and an opponent, never yourself. */
import { asUserId, type PogId, type User, type UserId } from '@pog/common';
import { BATTLE_TEXT } from './messages';

/**
 * Every other player, by name: the opponent list excludes the current user. The form passes the
 * players who can be challenged (GET /api/users?canBeChallenged=1): only those holding a POG they
 * could risk.
 */
export function opponentsFor<P extends Pick<User, 'id' | 'username'>>(players: readonly P[], viewerId: UserId): P[] {
  return players.filter((player) => player.id !== viewerId).sort((a, b) => a.username.localeCompare(b.username));
}

/** The player id an `?opponent=` names, or null when it names none. */
export const opponentIdOf = (param: string | null): UserId | null => (param && /^\d+$/.test(param) ? asUserId(Number(param)) : null);

/** `?opponent={userId}` preselects an opponent, but only one who is in the list. */
export function preselectedOpponent(param: string | null, opponents: ReadonlyArray<Pick<User, 'id'>>): UserId | null {
  const id = opponentIdOf(param);
  return id !== null && opponents.some((player) => player.id === id) ? id : null;
}

/**
 * Whether `?opponent=` names another player who is not in the list: the list holds only players who
 * can be challenged (a POG they could risk), so the form says why that one is missing.
 */
export function opponentUnavailable(param: string | null, opponents: ReadonlyArray<Pick<User, 'id'>>, viewerId: UserId): boolean {
  const id = opponentIdOf(param);
  return id !== null && id !== viewerId && !opponents.some((player) => player.id === id);
}

/** The message that stops a challenge missing a choice, or null when it can be sent. */
export function challengeProblem(pogId: PogId | null, opponentId: number | null): string | null {
  return pogId === null || opponentId === null ? BATTLE_TEXT.missingChoice : null;
}

/** Where a challenge button leads: the Battle Arena with this player preselected. */
export const challengePath = (opponentId: number) => `/battle?opponent=${opponentId}`;
