/**
 * Bans are atomic (issue 11): every command a player performs locks the rows of the players it
 * concerns first, and reads their ban from those locked rows. A ban (user-moderation.ts) takes
 * FOR NO KEY UPDATE on the player's row, which conflicts with both modes used here, so a command
 * either commits wholly before the ban (which then ends whatever the command left open) or waits
 * for it and sees it.
 *
 * The lock order, everywhere (docs/rules.md, Locks): player rows (ascending id), then POG rows
 * (ascending id), then trade and battle rows. Player rows come first because a ban holds its
 * player's row while it cancels that player's trades and battles.
 */
import { ForbiddenError, UnauthorizedError } from '../../errors';
import type { Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';

/** `share` to act or to depend on a player's standing; `no key update` to serialise per-player limits. */
export type PlayerLockMode = 'share' | 'no key update';

export interface LockedPlayer {
  id: number;
  username: string;
  /** Read with the lock so that an answer showing the player (a trade's parties) needs no second read. */
  avatarColor: string;
  isBanned: boolean;
  banReason: string | null;
}

/** The text a banned player reads on their sockets, at login, and from a command the ban overtook. */
export const banMessage = (reason: string | null) => `Your account has been banned${reason ? `: ${reason}` : '.'}`;

/**
 * Locks these players' rows in ascending id order (a player named twice gets the stronger mode) and
 * returns them as they are now; players that do not exist are absent from the map.
 */
export async function lockPlayers(tx: Tx, locks: Array<{ id: number; mode: PlayerLockMode }>): Promise<Map<number, LockedPlayer>> {
  const modes = new Map<number, PlayerLockMode>();
  for (const { id, mode } of locks) if (modes.get(id) !== 'no key update') modes.set(id, mode);
  const ids = [...modes.keys()].sort((a, b) => a - b);
  const found = new Map<number, LockedPlayer>();
  // Consecutive players with the same mode share one statement (ORDER BY locks in that order).
  for (let start = 0; start < ids.length; ) {
    const mode = modes.get(ids[start]!)!;
    let end = start + 1;
    while (end < ids.length && modes.get(ids[end]!) === mode) end++;
    const rows = await rawQuery<LockedPlayer>(tx, LOCK_STATEMENTS[mode], [ids.slice(start, end)]);
    for (const row of rows) found.set(row.id, row);
    start = end;
  }
  return found;
}

/** One statement per mode, hand-written (db/raw-query.ts): every command runs it first. */
const LOCK_STATEMENTS: Record<PlayerLockMode, RawStatement> = {
  share: { name: 'lock_players_share', text: 'SELECT id, username, avatar_color AS "avatarColor", is_banned AS "isBanned", ban_reason AS "banReason" FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR SHARE' },
  'no key update': {
    name: 'lock_players_no_key_update',
    text: 'SELECT id, username, avatar_color AS "avatarColor", is_banned AS "isBanned", ban_reason AS "banReason" FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE',
  },
};

/** 403 with the ban's reason when the acting player is banned (their session is ending anyway). */
export function assertNotBanned(actor: LockedPlayer | undefined): LockedPlayer {
  if (!actor) throw new UnauthorizedError();
  if (actor.isBanned) throw new ForbiddenError(banMessage(actor.banReason));
  return actor;
}

/**
 * Locks the acting player (in `mode`) together with `others` (shared), in the lock order, and
 * refuses a banned actor. The caller decides what a banned other player means for its command.
 */
export async function lockActor(tx: Tx, actorId: number, mode: PlayerLockMode = 'share', others: number[] = []): Promise<Map<number, LockedPlayer>> {
  const players = await lockPlayers(tx, [{ id: actorId, mode }, ...others.map((id) => ({ id, mode: 'share' as const }))]);
  assertNotBanned(players.get(actorId));
  return players;
}
