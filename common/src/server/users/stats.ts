/**
 * Players' stats (spec section 3) and recorded achievements, read for one player or many at once in
 * the same three statements (a group of battle winners costs what one player does). Limits include
 * the rewards of the achievements they completed (common/src/achievements/catalogue.ts).
 */
import { eq } from 'drizzle-orm';
import { rewardsOf } from '../../achievements/catalogue';
import { LIMITS } from '../../constants';
import { NotFoundError } from '../../errors';
import { creationCooldownSeconds, startOfUtcDay } from '../../pogs/creation-limits';
import { creationStreak, type UserStats } from '../../users/stats';
import type { Db, Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { userAchievements } from '../db/schema';

/** How far back a creation streak is looked for (a longer one shows as this many days). */
const STREAK_LOOKBACK_DAYS = 366;

export interface PlayerProgress {
  username: string;
  stats: UserStats;
  /** Recorded completions: achievement id → when. */
  completed: Map<string, Date>;
}

/**
 * The three statements, hand-written (db/raw-query.ts): the achievements check after every group of
 * battles and every trade runs them, and Drizzle built a new text for each number of players, which
 * PostgreSQL then parsed and planned anew (about 1 ms of planning for the counts, per check). `$1`:
 * the players' ids; `$2`: the start of today (UTC) for the counts, how far back a streak is looked
 * for for the creation days.
 * Qualified by hand: inside the subqueries an unqualified "id" would name their own table's column.
 */
const PROGRESS_COUNTS: RawStatement = {
  name: 'player_progress_counts',
  text: `SELECT u.id, u.username,
      (SELECT count(*) FROM pogs WHERE user_id = u.id)::int AS "pogCount",
      (SELECT count(*) FROM pog_creations WHERE user_id = u.id AND created_at >= $2::timestamptz)::int AS "createdToday",
      (SELECT count(*) FROM pog_creations WHERE user_id = u.id AND kind = 'created')::int AS "createdTotal",
      (SELECT count(*) FROM trades WHERE from_user_id = u.id AND created_at >= $2::timestamptz)::int AS "sentToday",
      (SELECT count(*) FROM trades WHERE status = 'accepted' AND (from_user_id = u.id OR to_user_id = u.id))::int AS "tradesDone",
      (SELECT count(*) FROM battles WHERE status = 'completed' AND winner_id = u.id)::int AS "battleWins",
      (SELECT count(*) FROM pogs WHERE creator_id = u.id AND rarity IN ('rare', 'epic', 'legendary') AND scored_version IS NOT NULL AND moderation_status <> 'rejected')::int AS "rareCreations",
      (SELECT max(created_at) FROM pog_creations WHERE user_id = u.id) AS "lastCreatedAt",
      EXISTS (SELECT 1 FROM pogs WHERE creator_id = u.id AND moderation_status = 'rejected') AS "hasRejected"
    FROM users u WHERE u.id = ANY($1::int[])`,
};
const PROGRESS_CREATION_DAYS: RawStatement = {
  name: 'player_progress_creation_days',
  text: `SELECT DISTINCT user_id AS "userId", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
    FROM pog_creations WHERE user_id = ANY($1::int[]) AND created_at >= $2::timestamptz AND kind = 'created'`,
};
const PROGRESS_COMPLETED: RawStatement = {
  name: 'player_progress_completed',
  text: `SELECT user_id AS "userId", achievement_id AS "achievementId", completed_at AS "completedAt" FROM user_achievements WHERE user_id = ANY($1::int[])`,
};

interface CountsRow {
  id: number;
  username: string;
  pogCount: number;
  createdToday: number;
  createdTotal: number;
  sentToday: number;
  tradesDone: number;
  battleWins: number;
  rareCreations: number;
  lastCreatedAt: Date | string | null;
  hasRejected: boolean;
}

/**
 * Stats and completions of these players; players that do not exist are left out. Inside a unit of
 * work's transaction (or `transactionAt`), the statements run with their generic plans.
 */
export async function playerProgress(db: Db | Tx, userIds: number[], now: Date): Promise<Map<number, PlayerProgress>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const today = startOfUtcDay(now);
  const since = new Date(today.getTime() - STREAK_LOOKBACK_DAYS * 24 * 3600 * 1000);
  const counts = await rawQuery<CountsRow>(db, PROGRESS_COUNTS, [ids, today.toISOString()]);
  if (counts.length === 0) return new Map();
  const creationDays = await rawQuery<{ userId: number; day: string }>(db, PROGRESS_CREATION_DAYS, [ids, since.toISOString()]);
  const done = await rawQuery<{ userId: number; achievementId: string; completedAt: Date }>(db, PROGRESS_COMPLETED, [ids]);

  const progress = new Map<number, PlayerProgress>();
  for (const row of counts) {
    const completed = new Map(done.filter((d) => d.userId === row.id).map((d) => [d.achievementId, new Date(d.completedAt)]));
    const rewards = rewardsOf(completed.keys());
    const stats: UserStats = {
      pogCount: row.pogCount,
      collectionLimit: LIMITS.collectionLimit + rewards.collection,
      completedAchievements: completed.size,
      dailyCreationCount: row.createdToday,
      dailyCreationLimit: LIMITS.dailyCreationLimit + rewards.creation,
      dailyTradeCount: row.sentToday,
      dailyTradeLimit: LIMITS.dailyTradeLimit + rewards.trade,
      tradeCount: row.tradesDone,
      creationCount: row.createdTotal,
      creationStreak: creationStreak(creationDays.filter((d) => d.userId === row.id).map((d) => d.day), now),
      battleWins: row.battleWins,
      rareCreations: row.rareCreations,
      creationCooldownSeconds: cooldownLeft(row, now),
    };
    progress.set(row.id, { username: row.username, stats, completed });
  }
  return progress;
}

/** Whole seconds until the creation cooldown ends (0 when it has). */
function cooldownLeft(row: { lastCreatedAt: string | Date | null; hasRejected: boolean; createdTotal: number }, now: Date): number {
  if (!row.lastCreatedAt) return 0;
  const readyAt = new Date(row.lastCreatedAt).getTime() + creationCooldownSeconds({ createdTotal: row.createdTotal, hasRejected: row.hasRejected }) * 1000;
  return Math.max(0, Math.ceil((readyAt - now.getTime()) / 1000));
}

/** One player's stats and completions; 404 for a player who does not exist. */
export async function progressOf(db: Db | Tx, userId: number, now: Date): Promise<PlayerProgress> {
  const found = (await playerProgress(db, [userId], now)).get(userId);
  if (!found) throw new NotFoundError('That player does not exist.');
  return found;
}

export async function userStats(db: Db | Tx, userId: number, now: Date): Promise<UserStats> {
  return (await progressOf(db, userId, now)).stats;
}

/** Only what the limits need (creation and trade commands): the rewards of completed achievements. */
export async function limitRewardsOf(db: Db | Tx, userId: number) {
  const rows = await db.select({ id: userAchievements.achievementId }).from(userAchievements).where(eq(userAchievements.userId, userId));
  return rewardsOf(rows.map((r) => r.id));
}
