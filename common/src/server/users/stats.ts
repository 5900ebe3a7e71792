/**
 * Players' stats (spec section 3) and recorded achievements, read for one player or many at once in
 * the same three statements (a group of battle winners costs what one player does). Limits include
 * the rewards of the achievements they completed (common/src/achievements/catalogue.ts).
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { rewardsOf } from '../../achievements/catalogue';
import { LIMITS } from '../../constants';
import { NotFoundError } from '../../errors';
import { creationCooldownSeconds, startOfUtcDay } from '../../pogs/creation-limits';
import { creationStreak, type UserStats } from '../../users/stats';
import type { Db, Tx } from '../db/client';
import { pogCreations, userAchievements, users } from '../db/schema';

/** How far back a creation streak is looked for (a longer one shows as this many days). */
const STREAK_LOOKBACK_DAYS = 366;

export interface PlayerProgress {
  username: string;
  stats: UserStats;
  /** Recorded completions: achievement id → when. */
  completed: Map<string, Date>;
}

/** Stats and completions of these players; players that do not exist are left out. */
export async function playerProgress(db: Db | Tx, userIds: number[], now: Date): Promise<Map<number, PlayerProgress>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const today = startOfUtcDay(now).toISOString();
  // Qualified by hand: inside the subqueries an unqualified "id" would name their own table's column.
  const player = sql.raw('"users"."id"');
  const counts = await db
    .select({
      id: users.id,
      username: users.username,
      pogCount: sql<number>`(SELECT count(*) FROM pogs WHERE user_id = ${player})::int`,
      createdToday: sql<number>`(SELECT count(*) FROM pog_creations WHERE user_id = ${player} AND created_at >= ${today}::timestamptz)::int`,
      // Design edits count towards today's limit (above) but are not POGs created.
      createdTotal: sql<number>`(SELECT count(*) FROM pog_creations WHERE user_id = ${player} AND kind = 'created')::int`,
      sentToday: sql<number>`(SELECT count(*) FROM trades WHERE from_user_id = ${player} AND created_at >= ${today}::timestamptz)::int`,
      tradesDone: sql<number>`(SELECT count(*) FROM trades WHERE status = 'accepted' AND (from_user_id = ${player} OR to_user_id = ${player}))::int`,
      battleWins: sql<number>`(SELECT count(*) FROM battles WHERE status = 'completed' AND winner_id = ${player})::int`,
      rareCreations: sql<number>`(SELECT count(*) FROM pogs WHERE creator_id = ${player} AND rarity IN ('rare', 'epic', 'legendary') AND scored_version IS NOT NULL AND moderation_status <> 'rejected')::int`,
      // The creation cooldown's facts, as the creation command reads them (pogs/creation-limits.ts).
      lastCreatedAt: sql<string | null>`(SELECT max(created_at) FROM pog_creations WHERE user_id = ${player})`,
      hasRejected: sql<boolean>`EXISTS (SELECT 1 FROM pogs WHERE creator_id = ${player} AND moderation_status = 'rejected')`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  if (counts.length === 0) return new Map();

  const since = new Date(startOfUtcDay(now).getTime() - STREAK_LOOKBACK_DAYS * 24 * 3600 * 1000);
  const day = sql<string>`to_char(${pogCreations.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const creationDays = await db
    .selectDistinct({ userId: pogCreations.userId, day })
    .from(pogCreations)
    .where(and(inArray(pogCreations.userId, ids), gte(pogCreations.createdAt, since), eq(pogCreations.kind, 'created')));
  const done = await db.select().from(userAchievements).where(inArray(userAchievements.userId, ids));

  const progress = new Map<number, PlayerProgress>();
  for (const row of counts) {
    const completed = new Map(done.filter((d) => d.userId === row.id).map((d) => [d.achievementId, d.completedAt]));
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
