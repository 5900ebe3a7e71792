import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_SEARCH_DISTANCE, hammingDistance } from '@pog/common/pogs/image-hash';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { users } from '../db/schema';
import { TEST_BACKENDS as backends } from '../testing/backends';
import { insertPogs } from '../testing/pogs';
import { chunkColumns, findSimilarImages } from './similarity';

/** A hash unlike any other test's, so a shared PostgreSQL database cannot add matches. */
const origin = () => {
  const half = () => Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, '0');
  return half() + half();
};

/** `hex` with its lowest `count` bits of each listed chunk flipped (3 per chunk defeats radius 2). */
function flip(hex: string, bitsPerChunk: readonly number[]): string {
  let value = BigInt(`0x${hex}`);
  bitsPerChunk.forEach((count, chunk) => {
    for (let bit = 0; bit < count; bit += 1) value ^= 1n << BigInt(48 - 16 * chunk + bit);
  });
  return value.toString(16).padStart(16, '0');
}

describe.each(backends)('findSimilarImages on $name', ({ open, skip }) => {
  let database: Database;
  beforeAll(async () => {
    if (skip) return;
    database = await open();
    await migrate(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it.skipIf(skip)('finds every image within the exact search distance, nearest first, and nothing further', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ username: `similar_${process.pid}_${Date.now()}`, displayName: 'Similar', passwordHash: 'x' })
      .returning({ id: users.id });
    const base = origin();
    const variants = {
      same: base,
      flagged: flip(base, [2, 2, 2, 0]), // 6 bits, one chunk identical
      edge: flip(base, [3, 3, 3, 2]), // 11 bits: the farthest the search must still see
      beyond: flip(base, [3, 3, 3, 3]), // 12 bits, no chunk within radius 2
      spread: flip(base, [0, 0, 12, 0]), // 12 bits in one chunk: three chunks identical, still too far
    };
    const inserted = await insertPogs(
      db,
      Object.entries(variants).map(([name, hash]) => ({
        userId: user!.id,
        creatorId: user!.id,
        name,
        imageHash: hash,
        ...chunkColumns(hash),
        maxTrades: 15,
        tradesRemaining: 15,
      })),
    );
    const idOf = (name: string) => inserted.find((row) => row.name === name)!.id;

    expect(hammingDistance(base, variants.edge)).toBe(EXACT_SEARCH_DISTANCE);
    expect(hammingDistance(base, variants.beyond)).toBe(EXACT_SEARCH_DISTANCE + 1);
    expect(await findSimilarImages(db, base)).toEqual([
      { pogId: idOf('same'), creatorId: user!.id, distance: 0 },
      { pogId: idOf('flagged'), creatorId: user!.id, distance: 6 },
      { pogId: idOf('edge'), creatorId: user!.id, distance: EXACT_SEARCH_DISTANCE },
    ]);
    // Re-scoring a POG leaves itself out.
    expect((await findSimilarImages(db, base, idOf('same'))).map((s) => s.pogId)).toEqual([idOf('flagged'), idOf('edge')]);
    // Upper-case input is the same hash.
    expect(await findSimilarImages(db, base.toUpperCase())).toHaveLength(3);
  });

  it.skipIf(skip)('refuses a malformed hash before querying', async () => {
    await expect(findSimilarImages(database.db, "0' OR '1'='1")).rejects.toThrow(TypeError);
  });
});
