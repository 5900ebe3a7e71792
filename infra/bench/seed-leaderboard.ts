/**
 * The leaderboard benchmark's data, in SQL: the players, then the POGs (random holders, creators and
 * points, in 100,000-row statements), then the standings summed from them in one statement (the
 * triggers that keep them are off meanwhile: fed 100,000 rows at a time they took minutes to seed,
 * which says nothing about the page). Battle and trade records are written into the standings
 * directly (random wins, battles and trades for every player, and this week's for a third of them):
 * the page reads only the standings, so how they came about does not change what is measured.
 */
import type { ScratchDatabase } from './scratch-db';
import { seedUsers } from './scratch-db';

const BATCH = 100_000;

export async function seedLeaderboards(scratch: ScratchDatabase, players: number, pogs: number): Promise<void> {
  const sql = (text: string, params: unknown[] = []) => scratch.client.query(text, params);
  const started = performance.now();
  const userIds = await seedUsers(scratch.client, players);
  const [low, high] = [userIds[0]!, userIds.at(-1)!];
  await sql('ALTER TABLE pogs DISABLE TRIGGER pogs_standings_insert');
  for (let from = 1; from <= pogs; from += BATCH) {
    await sql(
      `INSERT INTO pogs (user_id, creator_id, name, rarity, points, scored_version, max_trades, trades_remaining)
       SELECT $1::int + floor(random() * ($2::int - $1::int + 1))::int, $1::int + floor(random() * ($2::int - $1::int + 1))::int,
              'Bench POG ' || g, 'common', floor(random() * 3000)::int, 1, 15, 15
       FROM generate_series($3::int, $4::int) AS g`,
      [low, high, from, Math.min(pogs, from + BATCH - 1)],
    );
  }
  await sql('ALTER TABLE pogs ENABLE TRIGGER pogs_standings_insert');
  await sql(`INSERT INTO player_standings (period, user_id, collection_value, design_points)
             SELECT '-infinity', u.id, coalesce(h.points, 0), coalesce(d.points, 0) FROM users u
             LEFT JOIN (SELECT user_id, sum(points) AS points FROM pogs GROUP BY user_id) h ON h.user_id = u.id
             LEFT JOIN (SELECT creator_id, sum(points) AS points FROM pogs GROUP BY creator_id) d ON d.creator_id = u.id`);
  await sql(`UPDATE player_standings SET battles = b, wins = floor(random() * (b + 1))::int, trades = floor(random() * 40)::int
             FROM (SELECT user_id AS id, floor(random() * 60)::int AS b FROM player_standings WHERE period = '-infinity') AS r
             WHERE period = '-infinity' AND user_id = r.id`);
  await sql(`INSERT INTO player_standings AS s (period, user_id, wins, battles, trades, collection_value, design_points)
             SELECT pog_week(now()), id, floor(random() * 6)::int, 6, floor(random() * 8)::int, floor(random() * 3000)::int, floor(random() * 3000)::int
             FROM users WHERE random() < 0.33
             ON CONFLICT (period, user_id) DO UPDATE SET wins = excluded.wins, battles = excluded.battles, trades = excluded.trades`);
  await sql('VACUUM ANALYZE');
  const { rows } = await sql(`SELECT count(*)::int AS n, sum(collection_value)::bigint AS total FROM player_standings WHERE period = '-infinity'`);
  console.log(
    `PostgreSQL ${scratch.name}: ${players.toLocaleString('en')} players, ${pogs.toLocaleString('en')} POGs, ${rows[0].n.toLocaleString('en')} all-time standings (points held ${Number(rows[0].total).toLocaleString('en')}), seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
