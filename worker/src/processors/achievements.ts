/** Achievement jobs: recording what players have reached. Idempotent (see recordAchievements). */
import { recordAchievements, type Clock, type Db, type Processor } from '@pog/common/server';

export function checkAchievementsProcessor(deps: { db: Db; clock: Clock }): Processor<'achievements.check'> {
  return async ({ userIds }) => {
    const completed = await recordAchievements(deps.db, userIds, deps.clock.now());
    return { completed: Object.fromEntries([...completed].map(([userId, ids]) => [String(userId), ids])) };
  };
}
