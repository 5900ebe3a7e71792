/**
 * The Trade Center's Matches panel (`GET /api/matches`) at --players players holding --pogs POGs
 * (default 100,000 and 1,000,000), on PostgreSQL: every player wants 10 POGs of others (one of them
 * among the 2,000 most wanted, about 50 players each) and has a third of theirs up for trade, the
 * most wanted all. Each request is the next of --sample players' cookie: half of them hold a most
 * wanted POG (dozens of matches), half are anyone. Baseline: `GET /api/user` with the same cookies,
 * in the same rounds. wrk with --connections connections (1: the answer's own time, not a queue on a
 * small machine). Goal: p95 <= 50 ms.
 */
import type { Matches } from '@pog/common';
import { bulkFill } from './bulk-fill';
import { options, runBenchmark } from './rounds';
import { execOn, fillWorld, type Exec } from './seed-sql';
import { mintSessions } from './sessions';
import { seededApp, type Queryable } from './stack';
import { wrkLoad } from './wrk';

const { values } = options({ duration: '10', connections: '1', players: '100000', pogs: '1000000', sample: '500' });
const POPULAR = 2000;

/** The marks, in bulk (their indexes built afterwards), and fresh statistics. */
async function fillMarks(exec: Exec): Promise<void> {
  const [range] = await exec('SELECT min(id)::int AS first, count(*)::int AS n FROM pogs');
  const [first, n] = [Number(range!.first), Number(range!.n)];
  await bulkFill(exec, ['pog_wants', 'pog_haves'], async () => {
    await exec(`INSERT INTO pog_wants (user_id, pog_id) SELECT u.id, p.id FROM users u CROSS JOIN generate_series(1, 10) AS k
      JOIN pogs p ON p.id = ${first} + CASE WHEN k = 1 THEN (u.id::bigint * 31) % ${POPULAR} ELSE (u.id::bigint * 104729 + k * 7919) % ${n} END
      WHERE p.user_id <> u.id ON CONFLICT DO NOTHING`);
    await exec(`INSERT INTO pog_haves (pog_id, user_id) SELECT id, user_id FROM pogs WHERE id % 3 = 0 OR id < ${first + POPULAR}`);
  });
  for (const table of ['pog_wants', 'pog_haves']) await exec(`VACUUM ANALYZE ${table}`);
}

/** Half holders of a most wanted POG, half anyone. */
async function samplePlayers(db: Queryable, count: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `(SELECT DISTINCT user_id AS id FROM pogs WHERE id < (SELECT min(id) FROM pogs) + ${POPULAR} LIMIT $1)
     UNION (SELECT id FROM users ORDER BY id DESC LIMIT $1)`,
    [Math.ceil(count / 2)],
  );
  return rows.map((row) => row.id);
}

runBenchmark(values.rounds, async (defer) => {
  const { app, seeded: cookies } = await seededApp('postgres', { label: 'matches', defer }, async (db, sessionSecret, database) => {
    await fillWorld(database, { players: Number(values.players), pogs: Number(values.pogs) });
    await fillMarks(execOn(db));
    return mintSessions(db, await samplePlayers(db, Number(values.sample)), sessionSecret);
  });
  const found = await Promise.all(cookies.map(async (cookie) => ((await (await fetch(`${app.url}/api/matches`, { headers: { Cookie: cookie } })).json()) as Matches).matches));
  const twoWay = found.reduce((sum, m) => sum + m.filter((match) => match.kind === 'both').length, 0);
  console.log(`${cookies.length} players: ${found.reduce((sum, m) => sum + m.length, 0) / cookies.length} matches each on average, ${twoWay} two-way in all`);
  const load = (path: string) => wrkLoad(app.url, Number(values.connections), Number(values.duration), cookies.map((cookie) => ({ method: 'GET', path, cookie })));
  return {
    subjects: [
      { label: 'PostgreSQL: GET /api/user (baseline)', run: load('/api/user') },
      { label: 'PostgreSQL: GET /api/matches', run: load('/api/matches') },
    ],
    goals: [{ subject: 'PostgreSQL: GET /api/matches', figure: 'p95 ms', atMost: 50 }],
  };
});
