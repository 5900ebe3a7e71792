/**
 * A player's stats (the product spec (entities), "User stats"): what they hold and may hold, what they did today
 * against today's limits, and their totals. The limits include the rewards of completed achievements.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';

export const userStatsSchema = z.object({
  /** POGs the player holds now. */
  pogCount: z.number().int().nonnegative(),
  /** POGs they may hold: the base limit plus collection rewards. */
  collectionLimit: z.number().int().nonnegative(),
  completedAchievements: z.number().int().nonnegative(),
  /** POGs created since 00:00 UTC, and today's limit (base plus creation rewards). */
  dailyCreationCount: z.number().int().nonnegative(),
  dailyCreationLimit: z.number().int().nonnegative(),
  /** Trade offers sent since 00:00 UTC, and today's limit (base plus trade rewards). */
  dailyTradeCount: z.number().int().nonnegative(),
  dailyTradeLimit: z.number().int().nonnegative(),
  /** Completed (accepted) trades the player took part in. */
  tradeCount: z.number().int().nonnegative(),
  /** POGs the player ever created, deleted ones included. */
  creationCount: z.number().int().nonnegative(),
  /** Consecutive UTC days, up to today, on which the player created at least one POG. */
  creationStreak: z.number().int().nonnegative(),
  /** Battles won. */
  battleWins: z.number().int().nonnegative(),
  /** Trade offers the player ever sent (counter-offers included), whatever came of them. */
  offersSent: z.number().int().nonnegative(),
  /** Completed battles the player fought, won or lost. */
  battlesFought: z.number().int().nonnegative(),
  /** POGs the player designed that scored rare or better (and still exist, not rejected). */
  rareCreations: z.number().int().nonnegative(),
  /** Seconds, when read, until the creation cooldown lets the player create again (0: they may now). */
  creationCooldownSeconds: z.number().int().nonnegative(),
});

export type UserStats = z.infer<typeof userStatsSchema>;

/** The stats of a player who has done nothing yet: nothing counted, the base limits. */
export const newPlayerStats = (): UserStats => ({
  pogCount: 0,
  collectionLimit: LIMITS.collectionLimit,
  completedAchievements: 0,
  dailyCreationCount: 0,
  dailyCreationLimit: LIMITS.dailyCreationLimit,
  dailyTradeCount: 0,
  dailyTradeLimit: LIMITS.dailyTradeLimit,
  tradeCount: 0,
  creationCount: 0,
  creationStreak: 0,
  battleWins: 0,
  offersSent: 0,
  battlesFought: 0,
  rareCreations: 0,
  creationCooldownSeconds: 0,
});

const DAY_MS = 24 * 3600 * 1000;

/**
 * Consecutive UTC days of creating, from the days (YYYY-MM-DD, any order) on which the player
 * created. A streak runs up to today; one whose last day is yesterday still counts, since the
 * player can keep it going today (docs/rules.md).
 */
export function creationStreak(days: Iterable<string>, now: Date): number {
  const created = new Set(days);
  const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
  let cursor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (!created.has(dayOf(cursor))) cursor -= DAY_MS;
  let streak = 0;
  while (created.has(dayOf(cursor))) {
    streak += 1;
    cursor -= DAY_MS;
  }
  return streak;
}
