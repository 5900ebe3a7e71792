/**
 * The searched player lists (Explore's creator filter, the Trade dialog, the challenge form) take
 * one of four ways to a page (`searchedPlayerPage`): the first players in name order, the matches
 * collected from the trigram indexes, the name order, or every match collected and sorted. Whichever it takes, the pages must be
 * those of the plain statement: players not banned whose username or display name contains the
 * term (case-insensitively), with the list's filter, in name order, page after page. Small limits
 * make each way reachable with a few dozen players; results are compared with a plain ILIKE.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { randomTag as tag, TEST_BACKENDS as backends } from '../testing/backends';
import { encodeCursor } from '../db/page-cursor';
import { readRows } from '../db/planner';
import { playerCounts, pogs, users } from '../db/schema';
import { listPublicUsers, playerSearchCandidates, searchedPlayerPage, type PlayerSearchLimits, type PlayerSearchPath, type PublicUserFilter } from './directory';

/** A window of 10 players and at most 15 candidates; pages of 4. */
const LIMITS: PlayerSearchLimits = { windowRows: 10, maxCandidates: 15 };
/** The same, the walk on in name order bounded to 20 players. */
const BOUNDED: PlayerSearchLimits = { ...LIMITS, walkRows: 20 };
const PAGE = 4;

/** Two characters no other test writes. */
const SHORT = 'ǯ§';

type Filter = 'all' | 'holding' | 'challengeable';
const NOW = new Date();

/** The players a plain ILIKE statement lists after `from` in name order. */
async function plainSearch(db: Db, term: string, from: string, filter: Filter): Promise<number[]> {
  const pattern = `%${term}%`;
  const holding = filter === 'holding' ? sql`AND coalesce(c.pogs_held, 0) > 0` : sql``;
  const challengeable =
    filter === 'challengeable'
      ? sql`AND EXISTS (SELECT 1 FROM pogs p WHERE p.user_id = u.id AND p.moderation_status <> 'rejected' AND p.trades_remaining > 0 AND (p.cooldown_until IS NULL OR p.cooldown_until <= ${NOW.toISOString()}))`
      : sql``;
  const result = (await db.execute(sql`
    SELECT u.id FROM users u LEFT JOIN player_counts c ON c.user_id = u.id
    WHERE NOT u.is_banned AND lower(u.username) > ${from} AND (u.username ILIKE ${pattern} OR u.display_name ILIKE ${pattern}) ${holding} ${challengeable}
    ORDER BY lower(u.username)`)) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((row) => Number(row.id));
}

/** Every page `listPublicUsers` gives, starting after `from` in name order, and the way each was found. */
async function pagedSearch(db: Db, term: string, from: string, filter: Filter, pageSize = PAGE, limits = LIMITS): Promise<{ ids: number[]; paths: PlayerSearchPath[] }> {
  const ids: number[] = [];
  const paths: PlayerSearchPath[] = [];
  let cursor = encodeCursor({ name: from });
  for (let pages = 0; pages < 50; pages++) {
    const query: PublicUserFilter = { search: term, limit: pageSize, cursor, holding: filter === 'holding', challengeableAt: filter === 'challengeable' ? NOW : undefined };
    paths.push((await searchedPlayerPage(db, query, limits)).path);
    const page = await listPublicUsers(db, query, limits);
    expect(page.rows.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page.rows.map((row) => row.id));
    if (!page.nextCursor) return { ids, paths };
    cursor = page.nextCursor;
  }
  throw new Error('more than 50 pages');
}

describe.each(backends)('Searched player lists on $name', ({ open, skip }) => {
  let database: Database;
  // Every player's username starts with `from`: the pages start there, past other tests' players.
  const from = tag();
  const terms = { common: tag(), rare: tag(), frequent: tag() };

  beforeAll(async () => {
    if (skip) return;
    database = await open();
    const { db } = database;
    const player = (username: string, displayName: string, isBanned = false) => ({ username: `${from}${username}`, displayName, passwordHash: 'x', isBanned });
    const inserted = await db
      .insert(users)
      .values([
        // First in name order: 30 players, every other one with the common term in the display name.
        ...Array.from({ length: 30 }, (_, i) => player(`c${String(i).padStart(2, '0')}`, i % 2 === 0 ? `Common ${terms.common}` : 'Someone')),
        // The rare term in a username (capitals), a display name, and a banned player's name.
        player(`r1${terms.rare.toUpperCase()}`, 'Rare one'),
        player('r2', `Also ${terms.rare}`),
        player('r3', 'Not this one'),
        player(`r4${terms.rare}`, 'Banned', true),
        player(`r5_${terms.rare}_x`, 'Rare five'),
        // Characters no other test writes, in a display name: terms of them hold no trigram.
        player('s1', `Short ${SHORT}`),
        // The frequent term, more players than the 15 candidates, after everyone else.
        ...Array.from({ length: 20 }, (_, i) => player(`z${String(i).padStart(2, '0')}${terms.frequent}`, 'Frequent')),
      ])
      .returning({ id: users.id });
    // Every other player holds POGs (counted), every third one a POG it could risk in a battle.
    await db.insert(playerCounts).values(inserted.map((row, i) => ({ userId: row.id, pogsHeld: i % 2 === 0 ? 2 : 0 })));
    await db.insert(pogs).values(
      inserted
        .filter((_, i) => i % 3 === 0)
        .map((row, i) => ({ userId: row.id, creatorId: row.id, name: 'Risked', maxTrades: 15, tradesRemaining: i % 4 === 0 ? 0 : 15 })),
    );
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  for (const filter of ['all', 'holding', 'challengeable'] as const) {
    it.skipIf(skip)(`${filter}: every term gives the plain search's pages`, async () => {
      for (const term of Object.values(terms)) {
        const { ids } = await pagedSearch(database.db, term, from, filter);
        expect(ids, term).toEqual(await plainSearch(database.db, term, from, filter));
      }
      expect((await pagedSearch(database.db, terms.rare.toUpperCase(), from, filter)).ids).toEqual(await plainSearch(database.db, terms.rare, from, filter));
    });
  }

  it.skipIf(skip)("terms without a trigram (one or two characters, punctuation) give the plain search's pages", async () => {
    for (const term of [SHORT, SHORT.toUpperCase(), SHORT[1]!, 'r5', 'o', '_', '%']) {
      const { ids } = await pagedSearch(database.db, term, from, 'all', 25);
      expect(ids, term).toEqual(await plainSearch(database.db, term.replace(/[\\%_]/g, (c) => `\\${c}`), from, 'all'));
    }
    // A rare one is collected from the index of characters and pairs (earlier runs' players too, on a kept database).
    const rare = await pagedSearch(database.db, SHORT, from, 'all');
    const [short] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, `${from}s1`));
    expect(rare.ids).toContain(short!.id);
    expect(rare.paths[0]).toBe('candidates');
  });

  it.skipIf(skip)("a term with a character no username holds gives the plain search's pages, and no such username can be saved", async () => {
    for (const term of [`Common ${terms.common}`, `n ${terms.common}`, ` ${terms.rare}`, `Also ${terms.rare.toUpperCase()}`, 'e o', '%']) {
      const { ids } = await pagedSearch(database.db, term, from, 'all', 25);
      expect(ids, term).toEqual(await plainSearch(database.db, term.replace(/[\\%_]/g, (c) => `\\${c}`), from, 'all'));
    }
    expect((await pagedSearch(database.db, `Also ${terms.rare}`, from, 'all', 25)).ids).toHaveLength(1);
    for (const username of [`${from} spaced`, `${from}@at`, `${from}%`]) {
      const refused = database.db.insert(users).values({ username, displayName: 'Refused', passwordHash: 'x' });
      await expect(refused, username).rejects.toMatchObject({ cause: { message: expect.stringContaining('users_username_characters') } });
    }
  });

  it.skipIf(skip)('a common term is answered from the first players in name order', async () => {
    const { ids, paths } = await pagedSearch(database.db, terms.common, from, 'all');
    expect(ids).toHaveLength(15);
    expect(paths[0]).toBe('window');
  });

  it.skipIf(skip)('a window holding a page but not one more player is not the last page', async () => {
    // Pages of 5: the first 10 players hold 5 matches, one short of a page and its successor, but
    // enough to show that the name order fills a page soon.
    const { ids, paths } = await pagedSearch(database.db, terms.common, from, 'all', 5);
    expect(ids).toEqual(await plainSearch(database.db, terms.common, from, 'all'));
    expect(paths[0]).toBe('name order');
  });

  it.skipIf(skip)('a rare term is read among its candidates, the banned player left out', async () => {
    const { ids, paths } = await pagedSearch(database.db, terms.rare, from, 'all');
    expect(ids).toHaveLength(3);
    expect(paths).toEqual(['candidates']);
  });

  it.skipIf(skip)('a term with more matches than candidates is read in name order', async () => {
    const { ids, paths } = await pagedSearch(database.db, terms.frequent, from, 'all');
    expect(ids).toHaveLength(20);
    expect(paths[0]).toBe('name order');
    expect(paths).toContain('window');
  });

  it.skipIf(skip)('a bounded walk in name order fills a page, or every match is collected and sorted', async () => {
    for (const filter of ['all', 'holding', 'challengeable'] as const) {
      // Pages of 5: the window shows the common term frequent, and the first 20 players hold a page and one.
      const common = await pagedSearch(database.db, terms.common, from, filter, 5, BOUNDED);
      expect(common.ids, filter).toEqual(await plainSearch(database.db, terms.common, from, filter));
      // The frequent term's players come after the first 20: more than 15 candidates, none within the walk.
      const frequent = await pagedSearch(database.db, terms.frequent, from, filter, PAGE, BOUNDED);
      expect(frequent.ids, filter).toEqual(await plainSearch(database.db, terms.frequent, from, filter));
      if (filter === 'all') {
        expect(common.paths[0]).toBe('name order');
        expect(frequent.paths[0]).toBe('all matches');
      }
    }
  });

  it.skipIf(skip)('candidates are collected up to one more than the cap, or all of them, and the first page sorted', async () => {
    const cursor = encodeCursor({ name: from });
    const collect = (cap: number | null) => readRows<{ id: number | null; found: string | number }>(database.db, playerSearchCandidates(database.db, { search: terms.frequent, limit: PAGE, cursor, holding: true }, cap));
    const capped = await collect(5);
    expect(Number(capped[0]!.found)).toBe(6);
    const all = await collect(null);
    expect(all.every((row) => Number(row.found) === 20)).toBe(true);
    // The holding filter keeps every other one: the first page and one of those, in name order.
    const plain = await plainSearch(database.db, terms.frequent, from, 'holding');
    expect(all.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(plain.slice(0, PAGE + 1).sort((a, b) => a - b));
    const none = await readRows<{ id: number | null; found: string | number }>(database.db, playerSearchCandidates(database.db, { search: tag(), cursor }, null));
    expect(none.map((row) => [row.id, Number(row.found)])).toEqual([[null, 0]]);
  });

  it.skipIf(skip)('a leading @ is dropped and a term nothing matches gives an empty page', async () => {
    expect((await pagedSearch(database.db, `@${terms.rare}`, from, 'all')).ids).toHaveLength(3);
    expect(await pagedSearch(database.db, tag(), from, 'all')).toEqual({ ids: [], paths: ['candidates'] });
  });
});
