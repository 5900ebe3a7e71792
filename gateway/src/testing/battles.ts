/** Test setup for battles: POGs handed to players directly (creating them through the API waits out a cooldown per POG). */
import { insertPog, type PogInsert } from '@pog/domain/testing/pogs';
import type { Db } from '@pog/domain/db';
import { asUserId, type PogId } from '@pog/common/schemas/ids';

/**
 * Inserts a scored POG owned (and created) by `userId`, counted in its owner's POGs held as a
 * creation would be; returns its id. Setup only: behaviour under test goes through the API.
 */
export async function givePog(db: Db, userId: number, overrides: Partial<PogInsert> = {}): Promise<PogId> {
  const row = await insertPog(db, {
    userId: asUserId(userId),
    creatorId: asUserId(userId),
    name: `Pog of ${userId}`,
    rarity: 'common',
    points: 100,
    scoredVersion: 1,
    maxTrades: 15,
    tradesRemaining: 15,
    ...overrides,
  });
  return row.id;
}
