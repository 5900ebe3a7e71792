/**
 * A player's own rank on the leaderboards: `GET /api/leaderboard` signed in as a player ranked last
 * (their page and rank: the deepest), every board and period in turn, with --players players holding
 * --pogs POGs, on PostgreSQL and embedded. Baseline: the same pages signed out, in the same rounds.
 * wrk with --connections connections. Goal: p95 <= 30 ms.
 */
import { LEADERBOARD_BOARDS, LEADERBOARD_PERIODS } from '@pog/common';
import { options, runBenchmark, type Goal, type Subject } from './rounds';
import { KIND_LABELS, seededApp, type DatabaseKind, type Queryable } from './stack';
import { execOn, fillRecords, fillWorld } from './seed-sql';
import { mintSessions } from './sessions';
import { wrkLoad } from './wrk';

const { values } = options({ duration: '5', connections: '4', players: '100000', pogs: '500000', db: 'postgres,pglite' });
const PAGES = LEADERBOARD_BOARDS.flatMap((board) => LEADERBOARD_PERIODS.map((period) => `/api/leaderboard?board=${board}&period=${period}`));

/** A player on every board, all time and this week, with the least of everything: their cookie. */
async function lastPlayer(db: Queryable, sessionSecret: string): Promise<string> {
  const { rows } = await db.query<{ id: number }>(`INSERT INTO users (username, display_name, password_hash) VALUES ('bench_last', 'Last', 'not-a-real-hash') RETURNING id`);
  const id = rows[0]!.id;
  await db.query(
    `INSERT INTO player_standings AS s (period, user_id, collection_value, wins, battles, trades, design_points)
     SELECT p, $1, 1, 1, 100, 1, 1 FROM unnest(ARRAY['-infinity'::date, pog_week(pog_now())]) AS p
     ON CONFLICT (period, user_id) DO UPDATE SET collection_value = 1, wins = 1, battles = 100, trades = 1, design_points = 1`,
    [id],
  );
  await db.query('VACUUM ANALYZE player_standings');
  return (await mintSessions(db, [id], sessionSecret))[0]!;
}

runBenchmark(values.rounds, async (defer) => {
  const sizes = { players: Number(values.players), pogs: Number(values.pogs) };
  const subjects: Subject[] = [];
  const goals: Goal[] = [];
  for (const kind of values.db.split(',') as DatabaseKind[]) {
    const { app, seeded: cookie } = await seededApp(kind, { label: 'leaderboard', defer }, async (db, sessionSecret, database) => {
      await fillWorld(database, sizes);
      await fillRecords(execOn(db));
      return lastPlayer(db, sessionSecret);
    });
    for (const path of PAGES) {
      const body = (await (await fetch(app.url + path, { headers: { Cookie: cookie } })).json()) as { me?: { rank: number } | null };
      if (!body.me) throw new Error(`${path}: no own rank for the last player`);
    }
    const load = (signedIn?: string) => wrkLoad(app.url, Number(values.connections), Number(values.duration), PAGES.map((path) => ({ method: 'GET', path, cookie: signedIn })));
    const label = KIND_LABELS[kind];
    subjects.push({ label: `${label}: signed out (baseline)`, run: load() }, { label: `${label}: own rank`, run: load(cookie) });
    goals.push({ subject: `${label}: own rank`, figure: 'p95 ms', atMost: 30 });
  }
  return { subjects, goals };
});
