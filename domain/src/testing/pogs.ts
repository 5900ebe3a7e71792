/**
 * POGs a test setup puts straight into the table (creating them through the commands would score
 * them and wait out the creation cooldown), each counted in its holder's POGs held as a creation
 * counts it, in the same transaction, and counted off again when the setup deletes them directly.
 * The commands that later move or delete them apply their deltas to that count, so it stays the
 * number of POGs the player holds: never below zero, on a shared database whatever order the test
 * files run in.
 */
import { inArray } from 'drizzle-orm';
import type { DesignLook } from '@pog/common/pogs/design-match';
import { colourPairKey, designTextKey } from '@pog/common/pogs/rarity';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { pogs } from '../db/schema';
import { chunkColumns } from '../pogs/similarity';
import { applyPogsHeldDeltas } from '../users/player-counts';

export type PogInsert = typeof pogs.$inferInsert;
export type PogRow = typeof pogs.$inferSelect;

/**
 * A design's columns as createPog stores them: the design, its colour-pair and text keys, the picture's
 * hash with its chunks (and `imageDetail` when there is one), and a fresh supply of 15 trades.
 */
export function storedDesign(design: DesignLook, imageHash: string | null, imageDetail: number) {
  return {
    ...design,
    colourPairKey: colourPairKey(design.backgroundColor1, design.backgroundColor2),
    textKey: designTextKey(design.textContent),
    imageHash,
    imageDetail: imageHash ? imageDetail : null,
    ...chunkColumns(imageHash),
    maxTrades: 15,
    tradesRemaining: 15,
  };
}

/** Each holder's change in POGs held: `delta` for every row they hold. */
function heldChanges(rows: Array<{ userId: UserId }>, delta: 1 | -1): Map<UserId, number> {
  const held = new Map<UserId, number>();
  for (const { userId } of rows) held.set(userId, (held.get(userId) ?? 0) + delta);
  return held;
}

/** Inserts the POGs (rows in the order given) and counts each in its holder's POGs held. */
export async function insertPogs(db: Db, values: PogInsert[]): Promise<PogRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.insert(pogs).values(values).returning();
    await applyPogsHeldDeltas(tx, heldChanges(rows, 1));
    return rows;
  });
}

/** Inserts one POG, counted as held (see insertPogs). */
export async function insertPog(db: Db, values: PogInsert): Promise<PogRow> {
  const [row] = await insertPogs(db, [values]);
  return row!;
}

/** Deletes the POGs straight from the table and counts each off its holder's POGs held, as a deletion does. */
export async function deletePogs(db: Db, ids: PogId[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(pogs).where(inArray(pogs.id, ids)).returning({ userId: pogs.userId });
    await applyPogsHeldDeltas(tx, heldChanges(rows, -1));
  });
}
