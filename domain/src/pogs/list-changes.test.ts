/**
 * The list's changes since a snapshot (list-changes.ts): what the triggers write for each kind of
 * change, what they leave out (writes to other tables, an UPDATE that changes nothing, a rollback),
 * and which changes touch a page.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { pogListChanges, pogs, trades, users } from '../db/schema';
import { databaseSnapshot } from '../db/snapshot';
import { openWithPlayers, randomTag, TEST_BACKENDS } from '../testing/backends';
import { CHANGES_KEPT_MS, listChangesSince, pageExtent, pruneListChanges, touchesPage, type ListChange, type PageExtent } from './list-changes';
import type { PogWithNames } from './repository';

describe.each(TEST_BACKENDS)('the list changes on $name', ({ open, skip }) => {
  let database: Database;
  let players: UserId[];
  beforeAll(async () => {
    if (skip) return;
    ({ database, players } = await openWithPlayers(open, [`lc_${randomTag()}`, `lc_${randomTag()}`]));
  }, 60_000);
  afterAll(async () => {
    if (!skip) await database.close();
  });

  const newPog = async (name: string) => {
    const [row] = await database.db
      .insert(pogs)
      .values({ userId: players[0]!, creatorId: players[0]!, name, maxTrades: 3, tradesRemaining: 3, points: 10 })
      .returning({ id: pogs.id });
    return row!.id;
  };
  /** This test's changes since `snapshot` (a shared server has other tests' too), and the new snapshot. */
  async function since(snapshot: string, ids: PogId[]) {
    const found = await listChangesSince(database.db, snapshot);
    if (found.changes === 'many') throw new Error('too many changes');
    return { snapshot: found.snapshot, ours: found.changes.filter((change) => change.pogId !== null && ids.includes(change.pogId as PogId)), all: found.changes };
  }

  it.skipIf(skip)('lists each POG inserted, changed or deleted since the snapshot, once committed, and nothing else', async () => {
    const start = (await databaseSnapshot(database.db))!;
    const id = await newPog('first');
    let read = await since(start, [id]);
    expect(read.ours).toEqual([{ pogId: id, points: 10, listed: true, creatorId: players[0], rarity: 'common' }]);
    // Since the new snapshot: a write to other tables (a trade offer), and an UPDATE that changes nothing.
    const other = await newPog('other');
    const afterInsert = (await since(read.snapshot, [id, other])).snapshot;
    await database.db.insert(trades).values({ fromUserId: players[0]!, toUserId: players[1]!, offerPogId: id, requestPogId: other, expiresAt: new Date(Date.now() + 86_400_000) });
    await database.db.update(users).set({ displayName: randomTag() }).where(eq(users.id, players[0]!));
    await database.db.update(pogs).set({ name: 'first' }).where(eq(pogs.id, id));
    await expect(database.db.transaction(async (tx) => tx.update(pogs).set({ points: 99 }).where(eq(pogs.id, id)).then(() => tx.rollback()))).rejects.toThrow();
    read = await since(afterInsert, [id, other]);
    expect(read.ours).toEqual([]);
    // Points (the trending key), hidden by reports, deleted.
    await database.db.update(pogs).set({ points: 42 }).where(eq(pogs.id, id));
    await database.db.update(pogs).set({ hiddenByReports: true }).where(eq(pogs.id, other));
    read = await since(read.snapshot, [id, other]);
    expect(read.ours).toEqual([
      { pogId: id, points: 42, listed: true, creatorId: players[0], rarity: 'common' },
      { pogId: other, points: 10, listed: false, creatorId: players[0], rarity: 'common' },
    ]);
    await database.db.delete(pogs).where(eq(pogs.id, id));
    read = await since(read.snapshot, [id]);
    expect(read.ours).toEqual([{ pogId: id, points: 0, listed: false, creatorId: null, rarity: null }]);
    // A player's name is on every page that shows their POGs: a change for every page.
    await database.db.update(users).set({ username: `lc_${randomTag()}` }).where(eq(users.id, players[1]!));
    expect((await since(read.snapshot, [])).all).toContainEqual(expect.objectContaining({ pogId: null }));
  });

  it.skipIf(skip)('prunes the changes older than they are kept, and only those', async () => {
    const [old, recent] = [-1 - Math.floor(Math.random() * 1e9), -1 - Math.floor(Math.random() * 1e9)] as PogId[];
    await database.db.insert(pogListChanges).values([
      { pogId: old, changedAt: new Date(Date.now() - CHANGES_KEPT_MS - 60_000) },
      { pogId: recent, changedAt: new Date(Date.now() - CHANGES_KEPT_MS / 2) },
    ]);
    expect(await pruneListChanges(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db.select({ pogId: pogListChanges.pogId }).from(pogListChanges).where(inArray(pogListChanges.pogId, [old!, recent!]));
    expect(left).toEqual([{ pogId: recent }]);
  });
});

describe('whether a change touches a page', () => {
  const row = (id: number, points: number) => ({ pog: { id, points }, username: 'a', creatorUsername: 'a' }) as unknown as PogWithNames;
  const change = (pogId: number | null, points = 0, overrides: Partial<ListChange> = {}): ListChange => ({ pogId, points, listed: true, creatorId: 1, rarity: 'common', ...overrides });
  const cursorOf = (keys: object) => Buffer.from(JSON.stringify(keys)).toString('base64url');

  it('on a recent page: its POGs, the one after them, and new ones between its cursor and its last row', () => {
    // The page after id 100: ids 90 and 80, and a next page starting at 70.
    const extent: PageExtent = pageExtent({ sort: 'recent', limit: 2, cursor: cursorOf({ id: 100 }) }, { rows: [row(90, 0), row(80, 0)], nextCursor: 'next', following: 70 as PogId });
    expect(touchesPage(extent, change(90))).toBe(true);
    expect(touchesPage(extent, change(70, 0, { listed: false }))).toBe(true);
    expect(touchesPage(extent, change(85))).toBe(true);
    expect(touchesPage(extent, change(85, 0, { listed: false }))).toBe(false);
    expect(touchesPage(extent, change(101))).toBe(false);
    expect(touchesPage(extent, change(60))).toBe(false);
    expect(touchesPage(extent, change(null))).toBe(true);
    // The last page reaches to the end of the list.
    const last = pageExtent({ sort: 'recent', limit: 2 }, { rows: [row(90, 0)], nextCursor: undefined });
    expect(touchesPage(last, change(5))).toBe(true);
    expect(touchesPage(last, change(1000))).toBe(true);
  });

  it('on a trending page: by points then id, and only POGs that pass its filters', () => {
    const extent = pageExtent({ sort: 'trending', limit: 2, creator: 1 as UserId }, { rows: [row(5, 50), row(9, 40)], nextCursor: 'next', following: 3 as PogId });
    expect(touchesPage(extent, change(7, 45))).toBe(true);
    expect(touchesPage(extent, change(7, 60))).toBe(true);
    expect(touchesPage(extent, change(7, 40))).toBe(false);
    expect(touchesPage(extent, change(10, 40))).toBe(true);
    expect(touchesPage(extent, change(7, 30))).toBe(false);
    expect(touchesPage(extent, change(7, 45, { creatorId: 2 }))).toBe(false);
    const rare = pageExtent({ sort: 'trending', limit: 2, rarity: 'rare' }, { rows: [row(5, 50)], nextCursor: undefined });
    expect(touchesPage(rare, change(7, 45))).toBe(false);
    expect(touchesPage(rare, change(7, 45, { rarity: 'rare' }))).toBe(true);
  });
});
