import { eq, sql } from 'drizzle-orm';
import { avatarInitials } from '@pog/common/display';
import type { User } from '@pog/common/schemas/auth';
import type { Db, Tx } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { users, type UserRow } from '../db/schema';
import type { UserId } from '@pog/common/schemas/ids';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    avatarInitials: avatarInitials(row.username),
    avatarColor: row.avatarColor,
    role: row.role,
  };
}

/** Hand-written (db/raw-query.ts): every gateway reads a signed-in player's row by id (user-cache.ts). */
const USER_BY_ID: RawStatement = { name: 'users_by_id', text: `SELECT ${selectColumns(users, 'u')} FROM users u WHERE u.id = $1` };

/** What an answer shows of a player beside their id (trades' and battles' parties). */
export interface PlayerShown {
  id: UserId;
  username: string;
  avatarColor: string;
}

/** Hand-written (db/raw-query.ts): every trade and battle answer reads its players. */
const PLAYERS_SHOWN: RawStatement = { name: 'players_shown', text: 'SELECT id, username, avatar_color AS "avatarColor" FROM users WHERE id = ANY($1::int[])' };

/** These players' names and colours, by id (those that do not exist are absent). */
export async function playersShown(db: Db | Tx, ids: UserId[]): Promise<Map<UserId, PlayerShown>> {
  if (ids.length === 0) return new Map();
  return new Map((await rawQuery<PlayerShown>(db, PLAYERS_SHOWN, [ids])).map((player) => [player.id, player]));
}

export async function findUserById(db: Db | Tx, id: UserId): Promise<UserRow | undefined> {
  const rows = await rawQuery<UserRow>(db, USER_BY_ID, [id]);
  return rows[0];
}

/** Usernames are unique regardless of case. */
export async function findUserByUsername(db: Db | Tx, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows[0];
}
