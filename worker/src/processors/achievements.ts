/** Achievement jobs: recording what players have reached. Idempotent (see recordAchievements). */
import { recordAchievements } from '@pog/domain/achievements';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import { type Processor } from '@pog/domain/jobs';

export function checkAchievementsProcessor(deps: { db: Db; clock: Clock }): Processor<'achievements.check'> {
  return async ({ userIds }) => {
    const completed = await recordAchievements(deps.db, userIds, deps.clock.now());
    return { completed: Object.fromEntries([...completed].map(([userId, ids]) => [String(userId), ids])) };
  };
}
