/**
 * Bulk fills for the list and search benchmarks, in plain SQL (generate_series), so the same text
 * fills PostgreSQL and PGlite. Names are made of a vocabulary of words, so that search terms range
 * from common (a word: about 5% of POGs) to rare (a number) to absent.
 */
import type { Exec } from './ab-run';

export const WORDS = [
  'Blaze', 'Comet', 'Nova', 'Ember', 'Frost', 'Tide', 'Storm', 'Pixel', 'Retro', 'Neon',
  'Sunset', 'Dream', 'Shadow', 'Lunar', 'Solar', 'Thunder', 'Crystal', 'Phantom', 'Vortex', 'Aurora',
  'Cosmic', 'Dragon', 'Falcon', 'Galaxy', 'Hyper', 'Jade', 'Karma', 'Lotus', 'Mystic', 'Orbit',
  'Prism', 'Quartz', 'Rogue', 'Saber', 'Titan', 'Ultra', 'Venom', 'Wild', 'Xeno', 'Zen',
];
const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
const word = (expr: string) => `(${words})[1 + ((${expr}) % ${WORDS.length})]`;

/**
 * Players with display names of two words (Ember Falcon) and usernames of the same words and their
 * number (emberfalcon4242): names that differ, as players' do. (Usernames all starting with the
 * same word would make every trigram of that word match every player.)
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

/** Fresh statistics, so the planner sees the data as it is. */
export async function analyze(exec: Exec): Promise<void> {
  await exec('VACUUM ANALYZE pogs');
  await exec('VACUUM ANALYZE users');
}
