/**
 * Bulk fills for the search and leaderboard benchmarks, in plain SQL (generate_series), so the same
 * text fills PostgreSQL and PGlite. Names are made of a vocabulary of words, so that search terms
 * range from common (a word: about 5% of POGs) to rare (a number) to absent.
 */
import { recountPogsHeld } from '@pog/domain/users';
import { type Database } from '@pog/domain/db';
import { bulkFill } from './bulk-fill';
import type { Queryable } from './stack';

/** Runs one statement of SQL text on the database being filled. */
export type Exec = (text: string) => Promise<Array<Record<string, unknown>>>;

/** The app's database handle as a plain client (a pg pool, or PGlite). */
export const queryableOf = (database: Database): Queryable => (database.db as unknown as { $client: Queryable }).$client;

export const execOn = (db: Queryable): Exec => async (text) => (await db.query(text)).rows;

const WORDS = [
  'Blaze', 'Comet', 'Nova', 'Ember', 'Frost', 'Tide', 'Storm', 'Pixel', 'Retro', 'Neon',
  'Sunset', 'Dream', 'Shadow', 'Lunar', 'Solar', 'Thunder', 'Crystal', 'Phantom', 'Vortex', 'Aurora',
  'Cosmic', 'Dragon', 'Falcon', 'Galaxy', 'Hyper', 'Jade', 'Karma', 'Lotus', 'Mystic', 'Orbit',
  'Prism', 'Quartz', 'Rogue', 'Saber', 'Titan', 'Ultra', 'Venom', 'Wild', 'Xeno', 'Zen',
];
const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
const word = (expr: string) => `(${words})[1 + ((${expr}) % ${WORDS.length})]`;

/**
 * Players with display names of two words (Ember Falcon) and usernames of the same words and their
 * number (emberfalcon4242): names that differ, as players' do, not all matching the same trigrams.
 */
export async function fillPlayers(exec: Exec, count: number): Promise<void> {
  await exec(`INSERT INTO users (username, display_name, password_hash)
    SELECT lower(${word('g')} || ${word('g / 40')}) || g, ${word('g')} || ' ' || ${word('g / 40')}, 'not-a-real-hash' FROM generate_series(1, ${count}) AS g`);
}

/**
 * POGs held by the players in turn (each its own creator), named "<word> <word> <n>" with a word as
 * text, scored, tradeable and not cooling down; `rejectedPercent` of them rejected by a moderator.
 */
export async function fillPogs(exec: Exec, count: number, options: { batch?: number; rejectedPercent?: number } = {}): Promise<void> {
  const batch = options.batch ?? 100_000;
  const [range] = await exec('SELECT min(id)::int AS first, count(*)::int AS n FROM users');
  const first = Number(range!.first);
  const players = Number(range!.n);
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await exec(`INSERT INTO pogs (user_id, creator_id, name, text_content, rarity, score, points, scored_version, max_trades, trades_remaining, moderation_status, created_at)
      SELECT o, o, ${word('g * 7')} || ' ' || ${word('g * 13 + 5')} || ' ' || g, ${word('g * 17 + 11')},
             'common', 20, ((g::bigint * 7919) % 3000)::int, 1, 15, 15,
             CASE WHEN g % 100 < ${options.rejectedPercent ?? 1} THEN 'rejected' ELSE 'none' END,
             now() - make_interval(secs => ${count} - g)
      FROM (SELECT g, (${first} + (g::bigint * 7919) % ${players})::int AS o FROM generate_series(${start}, ${end}) AS g) AS rows`);
  }
}

/**
 * Battle and trade records straight into the standings (the leaderboards read only those): random
 * wins, battles and trades for every player, and this week's for a third of them.
 */
export async function fillRecords(exec: Exec): Promise<void> {
  await exec(`UPDATE player_standings SET battles = b, wins = floor(random() * (b + 1))::int, trades = floor(random() * 40)::int
    FROM (SELECT user_id AS id, floor(random() * 60)::int AS b FROM player_standings WHERE period = '-infinity') AS r
    WHERE period = '-infinity' AND user_id = r.id`);
  await exec(`INSERT INTO player_standings AS s (period, user_id, wins, battles, trades)
    SELECT pog_week(pog_now()), id, floor(random() * 6)::int, 6, floor(random() * 8)::int FROM users WHERE random() < 0.33
    ON CONFLICT (period, user_id) DO UPDATE SET wins = excluded.wins, battles = excluded.battles, trades = excluded.trades`);
}

/** `players` players and `pogs` POGs among them, filled in bulk (bulk-fill.ts), counted as the app would have, and analysed. */
export async function fillWorld(database: Database, sizes: { players: number; pogs: number }): Promise<void> {
  const exec = execOn(queryableOf(database));
  const started = performance.now();
  await bulkFill(exec, ['users', 'pogs'], async () => {
    await fillPlayers(exec, sizes.players);
    await fillPogs(exec, sizes.pogs);
  });
  await recountPogsHeld(database.db);
  for (const table of ['pogs', 'users', 'player_counts', 'player_standings']) await exec(`VACUUM ANALYZE ${table}`);
  console.log(`${database.kind}: ${sizes.players.toLocaleString('en')} players and ${sizes.pogs.toLocaleString('en')} POGs filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
