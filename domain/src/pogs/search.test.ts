/**
 * Explore's search takes one of three ways to a page (`searchedPage`): the first rows of the list,
 * the matches collected from the indexes, or the list order. Whichever it takes, the pages must be
 * those of the plain statement: listed POGs whose name, text or creator's username contains the
 * term (case-insensitively), in list order, page after page. Small limits make each way reachable
 * with a few dozen rows; the results are compared with that plain ILIKE statement.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pogListQuerySchema } from '@pog/common/pogs/pog';
import { asUserId, type UserId } from '@pog/common/schemas/ids';
import type { Database, Db } from '../db/client';
import { randomTag as tag, TEST_BACKENDS } from '../testing/backends';
import { insertPogs } from '../testing/pogs';
import { privatePostgresDatabase } from '../testing/private-database';
import { pogs, users } from '../db/schema';
import { frequentInWindow, listPogs, searchedPage, type SearchLimits, type SearchPath } from './repository';

/** A window of 20 rows and at most 30 candidates; pages of 4. */
const LIMITS: SearchLimits = { windowRows: 20, maxCandidates: 30 };
const PAGE = 4;

/** Two characters no other test writes: a term of them holds no trigram. */
const SHORT = 'ǯ§';

/** The ids a plain ILIKE statement lists for `term`, in list order. */
async function plainSearch(db: Db, term: string, sort: 'recent' | 'trending'): Promise<number[]> {
  const pattern = `%${term}%`;
  const order = sort === 'trending' ? sql`coalesce(p.points, 0) DESC, p.id DESC` : sql`p.id DESC`;
  const result = (await db.execute(sql`
    SELECT p.id FROM pogs p JOIN users c ON c.id = p.creator_id
    WHERE p.moderation_status <> 'rejected' AND NOT p.hidden_by_reports AND (p.name ILIKE ${pattern} OR p.text_content ILIKE ${pattern} OR c.username ILIKE ${pattern})
    ORDER BY ${order}`)) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((row) => Number(row.id));
}

/** Every page `listPogs` gives for `term`, and the way each page was found. */
async function pagedSearch(db: Db, term: string, sort: 'recent' | 'trending', pageSize = PAGE, maxPages?: number): Promise<{ ids: number[]; paths: SearchPath[] }> {
  const ids: number[] = [];
  const paths: SearchPath[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < (maxPages ?? 50); pages++) {
    const query = pogListQuerySchema.parse({ search: term, sort, limit: String(pageSize), ...(cursor ? { cursor } : {}) });
    paths.push((await searchedPage(db, query, term, LIMITS)).path);
    const page = await listPogs(db, query, LIMITS);
    expect(page.rows.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page.rows.map((row) => row.pog.id));
    cursor = page.nextCursor;
    if (!cursor) return { ids, paths };
  }
  if (maxPages) return { ids, paths };
  throw new Error('more than 50 pages');
}

/**
 * On PostgreSQL, a database of this file's own: the window is the newest rows of the whole list, so
 * POGs other files add to a shared database meanwhile would push these out of it.
 */
const backends = TEST_BACKENDS.map((backend) => (backend.name.startsWith('PostgreSQL') ? { ...backend, open: privatePostgresDatabase } : backend));

describe.each(backends)('Explore search on $name', ({ open, skip }) => {
  let database: Database;
  let makerId = asUserId(0);
  const terms = { common: tag(), rare: tag(), frequent: tag() };

  beforeAll(async () => {
    if (skip) return;
    database = await open();
    const { db } = database;
    const [maker, other] = await db
      .insert(users)
      .values([
        // The rare term is also in this creator's username, in capitals: their POGs match by creator.
        { username: `Maker${terms.rare.toUpperCase()}`, displayName: 'Maker', passwordHash: 'x' },
        { username: `other_${tag()}`, displayName: 'Other', passwordHash: 'x' },
      ])
      .returning({ id: users.id });
    makerId = maker!.id;
    const row = (name: string, options: { text?: string; creatorId?: UserId; rejected?: boolean; points?: number | null } = {}) => ({
      userId: other!.id,
      creatorId: options.creatorId ?? other!.id,
      name,
      textContent: options.text ?? '',
      points: options.points === undefined ? 7 : options.points,
      moderationStatus: options.rejected ? ('rejected' as const) : ('none' as const),
      maxTrades: 15,
      tradesRemaining: 15,
    });
    // Oldest first (ids rise in this order). Points repeat, some are null (trending counts them as
    // 0), so that trending pages cut through ties.
    const [highest] = await db.select({ points: sql<number>`coalesce(max(${pogs.points}), 0)` }).from(pogs);
    const top = Number(highest!.points) + 10;
    const rows = [
      // Frequent: 40 matches (more than the 30 candidates), then 25 newer rows that do not match,
      // so the window of 20 sees none of them.
      ...Array.from({ length: 40 }, (_, i) => row(`Frequent ${terms.frequent} ${i}`, { points: i % 3 === 0 ? null : i % 4 })),
      ...Array.from({ length: 25 }, (_, i) => row(`Filler ${i}`)),
      // Rare: in the name (mixed case), the text, and the creator's username; one rejected.
      row(`Rare ${terms.rare.toUpperCase()} name`, { points: 3 }),
      row('Rare text', { text: `about ${terms.rare}!`, points: null }),
      row('By the maker 1', { creatorId: maker!.id, points: 3 }),
      row('By the maker 2', { creatorId: maker!.id, points: 9 }),
      row(`Rejected ${terms.rare}`, { rejected: true }),
      row(`x${terms.rare}x`, { points: 0 }),
      // Terms without a trigram: characters no other row has, in the name and in the text.
      row(`Short ${SHORT}`, { points: 4 }),
      row('Short text', { text: `(${SHORT}!)`, points: null }),
      row(`Short ${SHORT.toUpperCase()} capital`, { points: 4 }),
      ...Array.from({ length: 25 }, (_, i) => row(`Filler again ${i}`)),
      // Common: every other row of the newest 30, which also lead the trending order (with points
      // above any other POG's, a shared database's included).
      ...Array.from({ length: 30 }, (_, i) => row(i % 2 === 0 ? `Common ${terms.common} ${i}` : `Plain ${i}`, { points: top + 1 + (i % 5) })),
    ];
    await insertPogs(db, rows);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  for (const sort of ['recent', 'trending'] as const) {
    it.skipIf(skip)(`${sort}: a common term is answered from the first rows of the list, page after page as the plain search`, async () => {
      const { ids, paths } = await pagedSearch(database.db, terms.common, sort);
      expect(ids).toHaveLength(15);
      expect(ids).toEqual(await plainSearch(database.db, terms.common, sort));
      expect(paths[0]).toBe('window');
    });

    it.skipIf(skip)(`${sort}: a rare term is sorted from its candidates, matching name, text and creator in any case`, async () => {
      const { ids, paths } = await pagedSearch(database.db, terms.rare, sort);
      expect(ids).toHaveLength(5);
      expect(ids).toEqual(await plainSearch(database.db, terms.rare, sort));
      expect(paths).toEqual(['candidates', 'candidates']);
      // The upper-cased term finds the same.
      expect((await pagedSearch(database.db, terms.rare.toUpperCase(), sort)).ids).toEqual(ids);
    });

    it.skipIf(skip)(`${sort}: a term with more matches than candidates is read in list order`, async () => {
      const { ids, paths } = await pagedSearch(database.db, terms.frequent, sort);
      expect(ids).toHaveLength(40);
      expect(ids).toEqual(await plainSearch(database.db, terms.frequent, sort));
      expect(paths[0]).toBe('list order');
      // Past the newer rows, the next pages come from the window.
      expect(paths).toContain('window');
    });
  }

  it.skipIf(skip)('a window holding a page but not one more POG is not the last page', async () => {
    // Pages of 10: the newest 20 POGs hold 10 matches, one short of a page and its successor, but
    // enough to show that the list order fills a page soon.
    const { ids, paths } = await pagedSearch(database.db, terms.common, 'recent', 10);
    expect(ids).toEqual(await plainSearch(database.db, terms.common, 'recent'));
    expect(paths[0]).toBe('list order');
  });

  it.skipIf(skip)('the creator and rarity filters apply to every way', async () => {
    const page = async (term: string, filters: Record<string, string>) => {
      const query = pogListQuerySchema.parse({ search: term, limit: '10', ...filters });
      return (await listPogs(database.db, query, LIMITS)).rows.map((row) => row.pog.id);
    };
    const makers = await database.db.select({ id: pogs.id }).from(pogs).where(eq(pogs.creatorId, makerId)).orderBy(desc(pogs.id));
    expect(makers).toHaveLength(2);
    expect(await page(terms.rare, { creator: String(makerId) })).toEqual(makers.map((row) => row.id));
    expect(await page(terms.common, { rarity: 'common' })).toEqual((await plainSearch(database.db, terms.common, 'recent')).slice(0, 10));
    expect(await page(terms.common, { rarity: 'legendary' })).toEqual([]);
  });

  it.skipIf(skip)('a window with a few matches goes on to the candidates, with many to the list order', async () => {
    expect(frequentInWindow(0, 50, { windowRows: 500, maxCandidates: 2000 })).toBe(false);
    expect(frequentInWindow(12, 50, { windowRows: 500, maxCandidates: 2000 })).toBe(false);
    expect(frequentInWindow(13, 50, { windowRows: 500, maxCandidates: 2000 })).toBe(true);
  });

  it.skipIf(skip)('terms without a trigram (one or two characters, punctuation) give the plain search\'s pages', async () => {
    for (const sort of ['recent', 'trending'] as const) {
      for (const term of [SHORT, SHORT.toUpperCase(), SHORT[0]!, SHORT[1]!, '!)', 'a', 'e', '1', 'mm', '%', '_', '\\', 'r 1', '...']) {
        // The first 4 pages of 25 (other files' thousands of POGs may share the embedded database).
        const plain = await plainSearch(database.db, term.replace(/[\\%_]/g, (c) => `\\${c}`), sort);
        expect((await pagedSearch(database.db, term, sort, 25, 4)).ids, `${sort} ${JSON.stringify(term)}`).toEqual(plain.slice(0, 100));
      }
      // A rare one is collected from the index of characters and pairs, not read row by row.
      const rare = await pagedSearch(database.db, SHORT, sort);
      expect(rare.ids.length).toBeGreaterThanOrEqual(2);
      expect(rare.paths[0]).toBe('candidates');
    }
  });

  it.skipIf(skip)('a term nothing matches gives an empty page', async () => {
    expect(await pagedSearch(database.db, tag(), 'recent')).toEqual({ ids: [], paths: ['candidates'] });
  });
});
