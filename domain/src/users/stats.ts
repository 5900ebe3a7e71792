/**
 * Players' stats (product spec: entities) and recorded achievements, read for one player or many at once in
 * the same statement (a group of battle winners costs what one player does). Limits include
 * the rewards of the achievements they completed (common/src/achievements/catalogue.ts).
 */
import { rewardsOf } from '@pog/common/achievements/catalogue';
import { LIMITS } from '@pog/common/constants';
import { NotFoundError } from '@pog/common/errors';
import { creationCooldownLeft, startOfUtcDay, type CreationFacts } from '@pog/common/pogs/creation-limits';
import { creationStreak, type UserStats } from '@pog/common/users/stats';
import type { Db, Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import type { UserId } from '@pog/common/schemas/ids';

/** How far back a creation streak is looked for (a longer one shows as this many days). */
const STREAK_LOOKBACK_DAYS = 366;

export interface PlayerProgress {
  username: string;
  stats: UserStats;
  /** Recorded completions: achievement id → when. */
  completed: Map<string, Date>;
  /** What the creation limits read (a creation or a design edit checks them). */
  creation: CreationFacts;
}

/**
 * One call of `player_progress` (migrations/0035): the achievements check after every group of
 * battles and every trade runs it, and so does every creation's limits check; its counts cost more
 * to plan than to run, so the function keeps one generic plan per connection. Trades done, battles fought and battles won are the
 * all-time standing's, which the triggers keep with the same definitions (leaderboards/audit.ts
 * recounts them): one row by key, where counting the battles and trades themselves grew with every
 * one a player had ever played. `$1`: the players' ids; `$2`: the start of today (UTC); `$3`: how
 * far back a creation streak is looked for.
 */
const PROGRESS: RawStatement = {
  name: 'player_progress',
  text: 'SELECT * FROM player_progress($1::int[], $2::timestamptz, $3::timestamptz)',
};

interface ProgressRow {
  id: UserId;
  username: string;
  pogCount: number;
  createdToday: number;
  createdTotal: number;
  sentToday: number;
  tradesDone: number;
  battleWins: number;
  offersSent: number;
  battlesFought: number;
  rareCreations: number;
  lastCreatedAt: Date | string | null;
  hasRejected: boolean;
  /** The UTC days (YYYY-MM-DD) with a creation since $3; null for none. */
  creationDays: string[] | null;
  /** Recorded completions; null for none. */
  completed: Array<{ id: string; at: string }> | null;
}

/** Stats and completions of these players; players that do not exist are left out. */
export async function playerProgress(db: Db | Tx, userIds: UserId[], now: Date): Promise<Map<UserId, PlayerProgress>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const today = startOfUtcDay(now);
  const since = new Date(today.getTime() - STREAK_LOOKBACK_DAYS * 24 * 3600 * 1000);
  const rows = await rawQuery<ProgressRow>(db, PROGRESS, [ids, today.toISOString(), since.toISOString()]);
  const progress = new Map<UserId, PlayerProgress>();
  for (const row of rows) {
    const completed = new Map((row.completed ?? []).map((d) => [d.id, new Date(d.at)]));
    const rewards = rewardsOf(completed.keys());
    const creation: CreationFacts = {
      holding: row.pogCount,
      createdToday: row.createdToday,
      createdTotal: row.createdTotal,
      lastCreatedAt: row.lastCreatedAt === null ? null : new Date(row.lastCreatedAt),
      hasRejected: row.hasRejected,
      rewards,
    };
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
      creationStreak: creationStreak(row.creationDays ?? [], now),
      battleWins: row.battleWins,
      offersSent: row.offersSent,
      battlesFought: row.battlesFought,
      rareCreations: row.rareCreations,
      creationCooldownSeconds: Math.ceil(creationCooldownLeft(creation, now)),
    };
    progress.set(row.id, { username: row.username, stats, completed, creation });
  }
  return progress;
}

/** One player's stats and completions; 404 for a player who does not exist. */
export async function progressOf(db: Db | Tx, userId: UserId, now: Date): Promise<PlayerProgress> {
  const found = (await playerProgress(db, [userId], now)).get(userId);
  if (!found) throw new NotFoundError('That player does not exist.');
  return found;
}

export async function userStats(db: Db | Tx, userId: UserId, now: Date): Promise<UserStats> {
  return (await progressOf(db, userId, now)).stats;
}
