/**
 * A searched first page read among the remembered matches of a shorter term (name-matches.ts) must
 * be the plain statement's page, whatever changed since those matches were read: new players,
 * renames into and out of the term, bans and unbans.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '@pog/common/schemas/ids';
import type { Database, Db } from '../db/client';
import { playerCounts, users } from '../db/schema';
import { randomTag as tag, TEST_BACKENDS as backends } from '../testing/backends';
import { readPublicUserPage, searchedPlayerPage, type PlayerSearchLimits, type PlayerSearchPath, type PublicUserFilter } from './directory';
import { RecentNameMatches } from './name-matches';

/** A window of 10 players, which this file's players come after: a term's page is collected, not windowed. */
const LIMITS: PlayerSearchLimits = { windowRows: 10, maxCandidates: 50 };
const PAGE = 4;

/** The first page and one of a plain ILIKE statement. */
async function plainFirstPage(db: Db, term: string, holding: boolean): Promise<number[]> {
  const pattern = `%${term}%`;
  const held = holding ? sql`AND coalesce(c.pogs_held, 0) > 0` : sql``;
  const result = (await db.execute(sql`
    SELECT u.id FROM users u LEFT JOIN player_counts c ON c.user_id = u.id
    WHERE NOT u.is_banned AND (u.username ILIKE ${pattern} OR u.display_name ILIKE ${pattern}) ${held}
    ORDER BY lower(u.username) LIMIT ${PAGE + 1}`)) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((row) => Number(row.id));
}

/** A first page as the player lists read it, the remembered matches used and kept, and the way it was found. */
async function typed(db: Db, recent: RecentNameMatches, search: string, holding = false): Promise<{ ids: number[]; path: PlayerSearchPath }> {
  const filter: PublicUserFilter = { search, limit: PAGE, holding };
  const page = await searchedPlayerPage(db, filter, LIMITS, recent.covering(search));
  if (page.matches) recent.remember(page.matches);
  return { ids: page.rows.map((row) => row.user.id), path: page.path };
}

describe.each(backends)('Remembered name matches on $name', ({ open, skip }) => {
  let database: Database;
  const t = tag();
  const ids: Record<string, UserId> = {};

  beforeAll(async () => {
    if (skip) return;
    database = await open();
    const player = (key: string, displayName: string, isBanned = false) => ({ username: `z${t}${key}`, displayName, passwordHash: 'x', isBanned });
    const rows = await database.db
      .insert(users)
      .values([
        // Ten players first in name order: the window never holds this file's matches.
        ...Array.from({ length: 10 }, (_, i) => ({ username: `0${[...t].reverse().join('')}${i}`, displayName: 'Filler', passwordHash: 'x' })),
        ...Array.from({ length: 5 }, (_, i) => player(`falcon${i}`, `${t} Falcon`)),
        ...Array.from({ length: 3 }, (_, i) => player(`frost${i}`, `${t} Frost`)),
        player('banned', `${t} Falcon`, true),
        player('other', 'Someone else'),
      ])
      .returning({ id: users.id, username: users.username });
    for (const row of rows) if (row.username.startsWith(`z${t}`)) ids[row.username.slice(t.length + 1)] = row.id;
    await database.db.insert(playerCounts).values(rows.map((row, i) => ({ userId: row.id, pogsHeld: i % 2 })));
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it.skipIf(skip)('a term typed on is read among the matches of what was typed before, as the plain search reads it', async () => {
    for (const holding of [false, true]) {
      const recent = new RecentNameMatches();
      const first = await typed(database.db, recent, `${t} f`, holding);
      expect(first.path).toBe('candidates');
      expect(recent.covering(`${t} f`)?.ids).toHaveLength(8);
      for (const term of [`${t} fa`, `${t} fal`, `${t} FALCON`, `${t} fr`, `${t} falcon nobody`]) {
        const page = await typed(database.db, recent, term, holding);
        expect(page.path, term).toBe(term === `${t} FALCON` ? 'candidates' : 'narrowed');
        expect(page.ids, term).toEqual(await plainFirstPage(database.db, term, holding));
      }
    }
  });

  it.skipIf(skip)('players changed since the matches were read are searched too', async () => {
    const recent = new RecentNameMatches();
    await typed(database.db, recent, `${t} f`);
    const { db } = database;
    await db.update(users).set({ displayName: `${t} Falcon too` }).where(eq(users.id, ids.other!));
    await db.update(users).set({ isBanned: false }).where(eq(users.id, ids.banned!));
    await db.update(users).set({ displayName: 'Renamed away' }).where(eq(users.id, ids.falcon0!));
    await db.update(users).set({ isBanned: true }).where(eq(users.id, ids.falcon1!));
    const [added] = await db.insert(users).values({ username: `z${t}new`, displayName: `${t} Falcon new`, passwordHash: 'x' }).returning({ id: users.id });
    const page = await typed(db, recent, `${t} fal`);
    expect(page.path).toBe('narrowed');
    expect(page.ids).toEqual(await plainFirstPage(db, `${t} fal`, false));
    expect(page.ids).toEqual(expect.arrayContaining([ids.banned, added!.id]));
    expect(page.ids).not.toContain(ids.falcon0);
    expect(page.ids).not.toContain(ids.falcon1);
    // The renamed player is found by the new name's longer terms too.
    expect((await typed(db, recent, `${t} falcon too`)).ids).toEqual([ids.other]);
    await db.update(users).set({ isBanned: false }).where(eq(users.id, ids.falcon1!));
  });

  it.skipIf(skip)('only a search that collected every match remembers them, and only for first pages', async () => {
    const { db } = database;
    const recent = new RecentNameMatches();
    // More matches than candidates: not all collected.
    const capped = await searchedPlayerPage(db, { search: t, limit: PAGE }, { windowRows: 10, maxCandidates: 5 });
    expect(capped.matches).toBeUndefined();
    // A later page holds only the matches after its cursor.
    await readPublicUserPage(db, { search: `${t} f`, limit: 2 }, LIMITS, recent);
    const { nextCursor } = await readPublicUserPage(db, { search: `${t} fr`, limit: 1 }, LIMITS, recent);
    expect(recent.covering(`${t} f`)?.term).toBe(`${t} f`);
    const second = await readPublicUserPage(db, { search: `${t} fro`, limit: 1, cursor: nextCursor }, LIMITS, recent);
    expect(second.rows).toHaveLength(1);
    expect(recent.covering(`${t} fro`)?.term).toBe(`${t} f`);
  });
});

describe('Remembered name matches', () => {
  it('the longest remembered term a term starts with is used, while fresh, and the oldest goes first', async () => {
    const recent = new RecentNameMatches(2, 50);
    recent.remember({ term: 'em', ids: [1 as UserId], snapshot: '1:1:' });
    recent.remember({ term: 'ember', ids: [2 as UserId], snapshot: '1:1:' });
    expect(recent.covering('ember f')?.term).toBe('ember');
    expect(recent.covering('emb')?.term).toBe('em');
    expect(recent.covering('e')).toBeUndefined();
    recent.remember({ term: 'x', ids: [], snapshot: '1:1:' });
    expect(recent.covering('emb')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(recent.covering('ember')).toBeUndefined();
  });
});
