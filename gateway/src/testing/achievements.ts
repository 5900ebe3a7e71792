/** Test setup for achievements: completions recorded directly, so a test's limits do not depend on how the scorer rates its designs. */
import { tables, type Db } from '@pog/domain/db';
import type { UserId } from '@pog/common/schemas/ids';

/**
 * Records these achievements as completed for the player. Rare Find completes when a design scores
 * rare or better, which depends on every other POG in the database; tests that count limits
 * exactly record it up front.
 */
export async function giveAchievements(db: Db, userId: UserId, ids: string[]): Promise<void> {
  await db
    .insert(tables.userAchievements)
    .values(ids.map((achievementId) => ({ userId, achievementId })))
    .onConflictDoNothing();
}
