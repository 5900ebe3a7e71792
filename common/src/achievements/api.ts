/** An achievement as the API shows it to a player: the definition with their progress (product spec: entities). */
import { z } from 'zod';
import { ACHIEVEMENT_ICONS, ACHIEVEMENT_TYPES, ACHIEVEMENTS, measureOf, type AchievementDefinition } from './catalogue';
import type { UserStats } from '../users/stats';

export const achievementSchema = z.object({
  id: z.string(),
  type: z.enum(ACHIEVEMENT_TYPES),
  name: z.string(),
  description: z.string(),
  iconName: z.enum(ACHIEVEMENT_ICONS),
  currentValue: z.number().int().nonnegative(),
  targetValue: z.number().int().positive(),
  /** 0 to 100, whole percent; 100 once completed. */
  progress: z.number().int().min(0).max(100),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  collectionReward: z.number().int().nonnegative(),
  creationReward: z.number().int().nonnegative(),
  tradeReward: z.number().int().nonnegative(),
});
export type Achievement = z.infer<typeof achievementSchema>;

/**
 * Every achievement with this player's progress, in the spec's order: groups collection, creation,
 * trade, battle, streak, each by target value. `completedAt` maps recorded completions.
 */
export function achievementList(stats: UserStats, completedAt: ReadonlyMap<string, Date>): Achievement[] {
  const order = (a: AchievementDefinition) => ACHIEVEMENT_TYPES.indexOf(a.type);
  return [...ACHIEVEMENTS]
    .sort((a, b) => order(a) - order(b) || a.targetValue - b.targetValue)
    .map((a) => {
      const done = completedAt.get(a.id);
      const currentValue = Math.min(stats[measureOf(a)], a.targetValue);
      return {
        id: a.id,
        type: a.type,
        name: a.name,
        description: a.description,
        iconName: a.iconName,
        currentValue: done ? a.targetValue : currentValue,
        targetValue: a.targetValue,
        progress: done ? 100 : Math.floor((currentValue / a.targetValue) * 100),
        completed: done !== undefined,
        completedAt: done?.toISOString() ?? null,
        collectionReward: a.collectionReward,
        creationReward: a.creationReward,
        tradeReward: a.tradeReward,
      };
    });
}
