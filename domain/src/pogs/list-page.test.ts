/**
 * The hand-written plain page (list-page.ts) reads exactly what Drizzle's statement reads: the same
 * rows, in the same order, with every column the same value and type, for every shape of page
 * (recent and trending, rarity and creator filters, after a cursor), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { openWithPlayers, TEST_BACKENDS } from '../testing/backends';
import { insertPogs } from '../testing/pogs';
import { readListPage } from './list-page';
import { pogListStatement } from './repository';


const run = `${process.pid}${Date.now()}`;
const RARITIES = ['common', 'rare', 'epic'] as const;

describe.each(TEST_BACKENDS)('the plain POG list page on $name', ({ open, skip }) => {
  let database: Database;
  let creators: UserId[];

  beforeAll(async () => {
    if (skip) return;
    ({ database, players: creators } = await openWithPlayers(open, [1, 2, 3].map((n) => `lister${n}_${run}`)));
    // Points repeat (ties broken by id), some are null (trending counts them as 0), one is rejected.
    await insertPogs(
      database.db,
      Array.from({ length: 30 }, (_, i) => ({
        userId: creators[(i + 1) % 3]!,
        creatorId: creators[i % 3]!,
        name: `List ${i} ${run}`,
        rarity: RARITIES[Math.floor(i / 3) % 3]!,
        points: i % 4 === 0 ? null : (i * 7) % 5,
        score: i / 3,
        scoredAt: i % 2 ? new Date(Date.UTC(2026, 0, 1 + i)) : null,
        moderationStatus: i === 5 ? ('rejected' as const) : ('none' as const),
        maxTrades: 5,
        tradesRemaining: 5 - (i % 5),
      })),
    );
  }, 60_000);

  afterAll(async () => {
    if (!skip) await database.close();
  });

  // pogListStatement reads one row more than the page (limit + 1), to know whether another follows.
  it.skipIf(skip)('reads the same rows, order and values as the Drizzle statement for every shape', async () => {
    // Only this run's POGs: a shared PostgreSQL database holds others, filtered to our creators.
    for (const creator of creators) {
      for (const sort of ['recent', 'trending'] as const) {
        for (const rarity of [undefined, 'rare'] as const) {
          const first = await pogListStatement(database.db, { sort, limit: 7, creator, rarity }, undefined);
          expect(first.length).toBeGreaterThan(0);
          expect(await readListPage(database.db, sort, { creator, rarity }, 8)).toEqual(first);
          const last = first[Math.min(2, first.length - 1)]!.pog;
          const after = sort === 'trending' ? { id: last.id, points: last.points ?? 0 } : { id: last.id };
          const cursor = Buffer.from(JSON.stringify(after)).toString('base64url');
          const next = await pogListStatement(database.db, { sort, limit: 7, creator, rarity, cursor }, undefined);
          expect(await readListPage(database.db, sort, { creator, rarity, after }, 8)).toEqual(next);
        }
      }
    }
    const page = await readListPage(database.db, 'recent', { creator: creators[2] }, 100);
    expect(page.map((p) => p.pog.name)).not.toContain(`List 5 ${run}`);
    expect(page[0]!.pog.createdAt).toBeInstanceOf(Date);
  });

  it.skipIf(skip)('reads the whole list without filters as Drizzle does', async () => {
    for (const sort of ['recent', 'trending'] as const) {
      // Both read one snapshot: a shared PostgreSQL database gets other files' POGs at any moment.
      const [page, drizzle] = await database.db.transaction(
        async (tx) => [await readListPage(tx, sort, {}, 41), await pogListStatement(tx, { sort, limit: 40 }, undefined)] as const,
        { isolationLevel: 'repeatable read' },
      );
      expect(page).toEqual(drizzle);
    }
  });
});
