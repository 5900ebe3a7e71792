/** The snapshot token (snapshot.ts) moves with every finished write: committed, rolled back, or from another connection. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '@pog/common/schemas/ids';
import { openWithPlayers, randomTag, TEST_BACKENDS } from '../testing/backends';
import type { Database } from './client';
import { users } from './schema';
import { databaseSnapshot } from './snapshot';

describe.each(TEST_BACKENDS)('the database snapshot on $name', ({ name, open, skip }) => {
  let database: Database;
  let player: UserId | undefined;
  beforeAll(async () => {
    if (skip) return;
    const opened = await openWithPlayers(open, [`snap_${randomTag()}`]);
    database = opened.database;
    player = opened.players[0];
  }, 60_000);
  afterAll(async () => {
    if (!skip) await database.close();
  });

  it.skipIf(skip)('changes once a write commits, and once one rolls back', async () => {
    const rename = () => database.db.update(users).set({ displayName: randomTag() }).where(eq(users.id, player!));
    const before = await databaseSnapshot(database.db);
    expect(before).toMatch(/^\d+:\d+:/);
    await rename();
    const committed = await databaseSnapshot(database.db);
    expect(committed).not.toBe(before);
    await expect(database.db.transaction(async (tx) => tx.update(users).set({ displayName: 'x' }).where(eq(users.id, player!)).then(() => tx.rollback()))).rejects.toThrow();
    expect(await databaseSnapshot(database.db)).not.toBe(committed);
  });

  // Only where nothing else writes (PGlite, which is always there): a shared PostgreSQL server has
  // other tests' (and databases') writes, so the test is not declared for it.
  if (name === 'PGlite') {
    it.skipIf(skip)('stays the same while nothing is written', async () => {
      const first = await databaseSnapshot(database.db);
      await database.db.select().from(users).where(eq(users.id, player!));
      expect(await databaseSnapshot(database.db)).toBe(first);
    });
  }
});
