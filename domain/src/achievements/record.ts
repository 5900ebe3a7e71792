/**
 * Recording completions: after anything that can move players' stats (a creation, a trade, battles
 * won), their stats are compared with the catalogue and the achievements they have reached are
 * recorded. Several players are checked at once in a fixed number of statements (a group of battle
 * winners). Idempotent: a completion is inserted once (primary key), and only the rows this call
 * inserted are announced, so a retried or doubled check notifies nobody twice. The completions,
 * their notifications and their pushes are one unit of work.
 */
import { describeReward, findAchievement, reachedAchievements } from '@pog/common/achievements/catalogue';
import type { Db } from '../db/client';
import { userAchievements } from '../db/schema';
import { notifyAll } from '../notifications/repository';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { playerProgress } from '../users/stats';
import type { UserId } from '@pog/common/schemas/ids';

export const ACHIEVEMENT_LINK = '/profile';

/** Records what these players have reached; returns the newly completed achievement ids by player. */
export async function recordAchievements(db: Db, userIds: UserId[], now: Date): Promise<Map<number, string[]>> {
  const completed = new Map<number, string[]>();
  const due: Array<{ userId: UserId; achievementId: string; completedAt: Date }> = [];
  // Players who no longer exist are simply absent.
  const progress = await playerProgress(db, userIds, now);
  for (const [userId, { stats, completed: recorded }] of progress) {
    for (const a of reachedAchievements(stats)) if (!recorded.has(a.id)) due.push({ userId, achievementId: a.id, completedAt: now });
  }
  if (due.length === 0) return completed;

  await inUnitOfWork(db, now, async (uow) => {
    const inserted = await uow.tx.insert(userAchievements).values(due).onConflictDoNothing().returning({ userId: userAchievements.userId, id: userAchievements.achievementId });
    for (const row of inserted) completed.set(row.userId, [...(completed.get(row.userId) ?? []), row.id]);
    await notifyAll(
      uow,
      inserted.map((row) => {
        const a = findAchievement(row.id)!;
        return {
          userId: row.userId,
          kind: 'achievement.completed' as const,
          title: 'Achievement unlocked!',
          body: `${a.name}: ${a.description} Reward: ${describeReward(a)}.`,
          link: ACHIEVEMENT_LINK,
          dedupeKey: `achievement:${a.id}`,
        };
      }),
    );
  });
  return completed;
}
