/**
 * The achievements (product spec: entities and limits, decisions.md Limits): what a player can complete and
 * what each completion adds to their limits. The one place these targets and rewards live; the
 * server records completions, the profile shows progress, and the guides quote them from here.
 *
 * Progress is measured on the player's stats: collection on the POGs held now, creation on POGs
 * ever created (Rare Find on designs that scored rare or better), trade on completed trades, battle
 * on battles won, streak on consecutive days of creating. A completed achievement stays completed (and its reward stays) whatever happens later.
 */
import type { UserStats } from '../users/stats';

export const ACHIEVEMENT_TYPES = ['collection', 'creation', 'trade', 'battle', 'streak'] as const;
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

export const ACHIEVEMENT_ICONS = ['Award', 'Medal', 'Trophy', 'Palette', 'Brush', 'RefreshCw', 'Repeat', 'TrendingUp', 'Swords'] as const;
export type AchievementIcon = (typeof ACHIEVEMENT_ICONS)[number];

export interface AchievementDefinition {
  id: string;
  type: AchievementType;
  name: string;
  description: string;
  iconName: AchievementIcon;
  targetValue: number;
  /** Added to the collection limit (POGs a player may hold). */
  collectionReward: number;
  /** Added to the daily creation limit. */
  creationReward: number;
  /** Added to the daily trade limit (offers a player may send a day). */
  tradeReward: number;
  /** The stat it counts, when not its type's usual one (ACHIEVEMENT_MEASURE). */
  measure?: keyof UserStats;
}

/** Which stat each type of achievement counts. */
export const ACHIEVEMENT_MEASURE: Record<AchievementType, keyof UserStats> = {
  collection: 'pogCount',
  creation: 'creationCount',
  trade: 'tradeCount',
  battle: 'battleWins',
  streak: 'creationStreak',
};

const none = { collectionReward: 0, creationReward: 0, tradeReward: 0 };

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { ...none, id: 'collector', type: 'collection', name: 'Collector', description: 'Hold 5 POGs at once.', iconName: 'Award', targetValue: 5, collectionReward: 2 },
  { ...none, id: 'curator', type: 'collection', name: 'Curator', description: 'Hold 8 POGs at once.', iconName: 'Medal', targetValue: 8, collectionReward: 3 },
  { ...none, id: 'archivist', type: 'collection', name: 'Archivist', description: 'Hold 12 POGs at once.', iconName: 'Trophy', targetValue: 12, collectionReward: 5 },
  { ...none, id: 'first-design', type: 'creation', name: 'First Design', description: 'Create your first POG.', iconName: 'Palette', targetValue: 1, creationReward: 1 },
  { ...none, id: 'designer', type: 'creation', name: 'Designer', description: 'Create 10 POGs.', iconName: 'Brush', targetValue: 10, creationReward: 2, collectionReward: 1 },
  { ...none, id: 'rare-find', type: 'creation', name: 'Rare Find', description: 'Design a POG that scores rare or better.', iconName: 'Award', targetValue: 1, collectionReward: 1, creationReward: 1, measure: 'rareCreations' },
  { ...none, id: 'master-creator', type: 'creation', name: 'Master Creator', description: 'Create 25 POGs.', iconName: 'Trophy', targetValue: 25, creationReward: 3, collectionReward: 2 },
  { ...none, id: 'first-trade', type: 'trade', name: 'First Trade', description: 'Complete your first trade.', iconName: 'RefreshCw', targetValue: 1, tradeReward: 2 },
  { ...none, id: 'trader', type: 'trade', name: 'Trader', description: 'Complete 10 trades.', iconName: 'Repeat', targetValue: 10, tradeReward: 5 },
  { ...none, id: 'merchant', type: 'trade', name: 'Merchant', description: 'Complete 25 trades.', iconName: 'TrendingUp', targetValue: 25, tradeReward: 10, collectionReward: 1 },
  { ...none, id: 'first-victory', type: 'battle', name: 'First Victory', description: 'Win your first battle.', iconName: 'Swords', targetValue: 1, collectionReward: 1 },
  { ...none, id: 'warrior', type: 'battle', name: 'Warrior', description: 'Win 10 battles.', iconName: 'Swords', targetValue: 10, collectionReward: 2 },
  { ...none, id: 'champion', type: 'battle', name: 'Champion', description: 'Win 25 battles.', iconName: 'Trophy', targetValue: 25, collectionReward: 3 },
  { ...none, id: 'on-a-roll', type: 'streak', name: 'On a Roll', description: 'Create POGs 3 days in a row.', iconName: 'TrendingUp', targetValue: 3, creationReward: 1 },
  { ...none, id: 'dedicated', type: 'streak', name: 'Dedicated', description: 'Create POGs 7 days in a row.', iconName: 'Medal', targetValue: 7, creationReward: 2, collectionReward: 1 },
];

const BY_ID = new Map(ACHIEVEMENTS.map((a) => [a.id, a]));

export function findAchievement(id: string): AchievementDefinition | undefined {
  return BY_ID.get(id);
}

export interface LimitRewards {
  collection: number;
  creation: number;
  trade: number;
}

/** What these completed achievements add to the limits (unknown ids, e.g. retired ones, add nothing). */
export function rewardsOf(completedIds: Iterable<string>): LimitRewards {
  const rewards: LimitRewards = { collection: 0, creation: 0, trade: 0 };
  for (const id of completedIds) {
    const found = BY_ID.get(id);
    if (!found) continue;
    rewards.collection += found.collectionReward;
    rewards.creation += found.creationReward;
    rewards.trade += found.tradeReward;
  }
  return rewards;
}

/** The stat an achievement counts. */
export const measureOf = (a: Pick<AchievementDefinition, 'type' | 'measure'>): keyof UserStats => a.measure ?? ACHIEVEMENT_MEASURE[a.type];

/** The achievements these stats reach (completed or not yet recorded as such). */
export function reachedAchievements(stats: UserStats): AchievementDefinition[] {
  return ACHIEVEMENTS.filter((a) => stats[measureOf(a)] >= a.targetValue);
}

/** "+2 collection slots, +1 daily creation": what completing it gives, for people. */
export function describeReward(a: Pick<AchievementDefinition, 'collectionReward' | 'creationReward' | 'tradeReward'>): string {
  const parts: string[] = [];
  const plural = (n: number, word: string) => `+${n} ${word}${n === 1 ? '' : 's'}`;
  if (a.collectionReward) parts.push(plural(a.collectionReward, 'collection slot'));
  if (a.creationReward) parts.push(plural(a.creationReward, 'daily creation'));
  if (a.tradeReward) parts.push(plural(a.tradeReward, 'daily trade offer'));
  return parts.join(', ');
}
