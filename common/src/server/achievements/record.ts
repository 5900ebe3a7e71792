/**
 * Recording completions: after anything that can move players' stats (a creation, a trade, battles
 * won), their stats are compared with the catalogue and the achievements they have reached are
 * recorded. Several players are checked at once in a fixed number of statements (a group of battle
 * winners). Idempotent: a completion is inserted once (primary key), and only the rows this call
 * inserted are announced, so a retried or doubled check notifies nobody twice.
 */
import { describeReward, findAchievement, reachedAchievements } from '../../achievements/catalogue';
import type { Db } from '../db/client';
import { userAchievements } from '../db/schema';
import { notifyAll } from '../notifications/repository';
import { PendingEvents } from '../realtime';
import { playerProgress } from '../users/stats';

export const ACHIEVEMENT_LINK = '/profile';

export interface RecordedAchievements {
  /** Newly completed achievement ids by player. */
  completed: Map<number, string[]>;
  /** The notifications to push once this returns (it has committed). */
  events: PendingEvents;
}

export async function recordAchievements(db: Db, userIds: number[], now: Date): Promise<RecordedAchievements> {
  const events = new PendingEvents();
  const completed = new Map<number, string[]>();
  const due: Array<{ userId: number; achievementId: string; completedAt: Date }> = [];
  // Players who no longer exist are simply absent.
  for (const [userId, { stats, completed: recorded }] of await playerProgress(db, userIds, now)) {
    for (const a of reachedAchievements(stats)) if (!recorded.has(a.id)) due.push({ userId, achievementId: a.id, completedAt: now });
  }
  if (due.length === 0) return { completed, events };

  await db.transaction(async (tx) => {
    const inserted = await tx.insert(userAchievements).values(due).onConflictDoNothing().returning({ userId: userAchievements.userId, id: userAchievements.achievementId });
    for (const row of inserted) completed.set(row.userId, [...(completed.get(row.userId) ?? []), row.id]);
    await notifyAll(
      tx,
      events,
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
  return { completed, events };
}
