/**
 * Bans are atomic: every command a player performs locks the rows of the players it
 * concerns first, FOR SHARE, and reads their ban from those locked rows. A ban (user-moderation.ts)
 * takes FOR NO KEY UPDATE on the player's row, which conflicts with FOR SHARE, so a command either
 * commits wholly before the ban (which then ends whatever the command left open) or waits for it and
 * sees it.
 *
 * A command that reads and writes a player's own limits (creations, design edits, offers sent) must
 * also run one at a time per player: it takes that player's limits lock as well, a transaction-level
 * advisory lock keyed by the player's id, right after the rows. It used to take the row FOR NO KEY
 * UPDATE instead, which also made every other player's command that concerns this player (an offer
 * to them, FOR SHARE) wait for it: with offers going around a crowd, each offer waited for the one
 * its recipient was sending. The advisory lock serialises exactly the commands that
 * need it and nothing else; bans still conflict with every command through the row.
 *
 * The lock order, everywhere (docs/rules.md, Locks): player rows (ascending id), then limits locks
 * (ascending id), then POG rows (ascending id), then trade and battle rows. Player rows come first
 * because a ban holds its player's row while it cancels that player's trades and battles.
 */
import type { Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { banMessage, playerPolicy } from '../users/policy';
import type { UserId } from '@pog/common/schemas/ids';

/** `share` to act or to depend on a player's standing; `limits` also to serialise that player's limits. */
export type PlayerLockMode = 'share' | 'limits';

export interface LockedPlayer {
  id: UserId;
  username: string;
  /** Read with the lock so that an answer showing the player (a trade's parties) needs no second read. */
  avatarColor: string;
  isBanned: boolean;
  banReason: string | null;
}

/** The text a banned player reads (users/policy.ts, where the rule lives). */
export { banMessage };

/**
 * Locks these players' rows in ascending id order, then the limits of those named with `limits` (a
 * player named twice gets the stronger mode), and returns them as they are now; players that do not
 * exist are absent from the map.
 */
export async function lockPlayers(tx: Tx, locks: Array<{ id: UserId; mode: PlayerLockMode }>): Promise<Map<UserId, LockedPlayer>> {
  const modes = new Map<UserId, PlayerLockMode>();
  for (const { id, mode } of locks) if (modes.get(id) !== 'limits') modes.set(id, mode);
  const ids = [...modes.keys()].sort((a, b) => a - b);
  const found = new Map<UserId, LockedPlayer>();
  if (ids.length === 0) return found;
  const limited = ids.filter((id) => modes.get(id) === 'limits');
  const rows = limited.length > 0 ? await rawQuery<LockedPlayer>(tx, LOCK_ROWS_AND_LIMITS, [ids, limited]) : await rawQuery<LockedPlayer>(tx, LOCK_ROWS, [ids]);
  for (const row of rows) found.set(row.id, row);
  return found;
}

/** The advisory lock space of players' limits (pg_advisory_xact_lock(int, int): this, the player's id). */
const LIMITS_LOCK_SPACE = 0x706f67;

/**
 * Hand-written (db/raw-query.ts): every command runs one. The second locks the same rows, then the
 * limits of those of `$2` who exist, in that order (ascending: the array comes sorted), in one call
 * (migration 0030).
 */
const LOCK_ROWS: RawStatement = {
  name: 'lock_players_share',
  text: 'SELECT id, username, avatar_color AS "avatarColor", is_banned AS "isBanned", ban_reason AS "banReason" FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR SHARE',
};
const LOCK_ROWS_AND_LIMITS: RawStatement = {
  name: 'lock_players_and_limits',
  text: `SELECT id, username, "avatarColor", "isBanned", "banReason" FROM lock_players($1::int[], $2::int[], ${LIMITS_LOCK_SPACE})`,
};

/** 403 with the ban's reason when the acting player is banned, 401 when they are gone (users/policy.ts). */
export function assertNotBanned(actor: LockedPlayer | undefined): LockedPlayer {
  playerPolicy.authorize('act', actor, null);
  return actor!;
}

/**
 * Locks the acting player (in `mode`) together with `others` (shared), in the lock order, and
 * refuses a banned actor. The caller decides what a banned other player means for its command.
 */
export async function lockActor(tx: Tx, actorId: UserId, mode: PlayerLockMode = 'share', others: UserId[] = []): Promise<Map<UserId, LockedPlayer>> {
  const players = await lockPlayers(tx, [{ id: actorId, mode }, ...others.map((id) => ({ id, mode: 'share' as const }))]);
  assertNotBanned(players.get(actorId));
  return players;
}
