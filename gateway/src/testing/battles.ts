/** Test setup for battles: POGs handed to players directly (creating them through the API waits out a cooldown per POG). */
import { applyPogsHeldDeltas } from '@pog/domain/users';
import { tables, type Db } from '@pog/domain/db';
import { asUserId, type PogId } from '@pog/common/schemas/ids';

type PogInsert = typeof tables.pogs.$inferInsert;

/**
 * Inserts a scored POG owned (and created) by `userId`, counted in its owner's POGs held as a
 * creation would be; returns its id. Setup only: behaviour under test goes through the API.
 */
export async function givePog(db: Db, userId: number, overrides: Partial<PogInsert> = {}): Promise<PogId> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tables.pogs)
      .values({
        userId: asUserId(userId),
        creatorId: asUserId(userId),
        name: `Pog of ${userId}`,
        rarity: 'common',
        points: 100,
        scoredVersion: 1,
        maxTrades: 15,
        tradesRemaining: 15,
        ...overrides,
      })
      .returning({ id: tables.pogs.id, userId: tables.pogs.userId });
    await applyPogsHeldDeltas(tx, new Map([[row!.userId, 1]]));
    return row!.id;
  });
}
