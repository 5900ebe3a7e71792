/** Achievement jobs: recording what a player has reached. Idempotent (see recordAchievements). */
import { recordAchievements, type Clock, type Db, type Processor, type RealtimePublisher } from '@pog/common/server';

export function checkAchievementsProcessor(deps: { db: Db; publisher: RealtimePublisher; clock: Clock }): Processor<'achievements.check'> {
  return async ({ userId }) => {
    const { completed, events } = await recordAchievements(deps.db, [userId], deps.clock.now());
    events.publish(deps.publisher);
    return { completed: completed.get(userId) ?? [] };
  };
}
