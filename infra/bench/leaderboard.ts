/**
 * Issue 16's leaderboards: latency of `GET /api/leaderboard` with 100,000 players and 1,000,000 POGs
 * in PostgreSQL, for every board (value, wins, winRate, trades, designers), all-time and this week,
 * signed out (the page alone) and signed in as the player ranked last (the page and their own rank:
 * the worst case), and page 40 of one board. Goal: p95 <= 30 ms.
 *
 *   npx tsx infra/bench/leaderboard.ts [--baseline <rev>] [--rounds 3] [--duration 3] [--warmup 1]
 *     [--connections 4] [--players 100000] [--pogs 1000000] [--keep] [--reuse <database>] [--explain]
 *     [--only <text in a page's label, e.g. 'own rank'>]
 *
 * (--rounds 0: seed, EXPLAIN and time the statements only.)
 *
 * A scratch database on PostgreSQL at 127.0.0.1:5432 is filled in SQL (seed-leaderboard.ts, about 3
 * minutes on 2 busy cores); `--keep` leaves it there (its name is printed) and `--reuse <name>` runs
 * on such a database without seeding again. `--explain` prints EXPLAIN ANALYZE of every board's page
 * and own-rank statements (the sample's plan is left out: it is taken in the background). Then `readLeaderboard` is timed straight on the database (one call at a
 * time, this process), and the real app is started on the database and each URL loaded by wrk
 * (`--connections` keep-alive connections). With `--baseline`, the app of that git revision runs
 * beside this one on the same database (its tables are the same) and the two are loaded in turn,
 * A, B, A, B (who goes first alternating), page by page, for `--rounds` rounds; min / median / max
 * per page and side at the end, with the CPU each request took in the app and in the database (from
 * /proc: steadier than latency on a shared machine). The database is dropped at the end unless kept or reused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { LEADERBOARD_BOARDS, LEADERBOARD_MAX_PAGE, LEADERBOARD_PERIODS } from '@pog/common';
import { leaderboardStatements, RankSnapshots, readLeaderboard } from '@pog/common/server';
import { prepareBaselineTree, type BaselineTree } from './baseline-tree';
import { processCpuMs } from './cpu-time';
import { describeExplain, explain } from './explain';
import { percentile } from './load';
import { describeLoad, runBenchmark } from './machine';
import { startApp, type ServerProcess } from './processes';
import { median } from './rounds';
import { createScratchDatabase, openScratchDatabase, type ScratchDatabase } from './scratch-db';
import { seedLeaderboards } from './seed-leaderboard';
import { runWrk, writeRequestFile } from './wrk';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    players: { type: 'string', default: '100000' },
    pogs: { type: 'string', default: '1000000' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    explain: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const GOAL_P95_MS = 30;
const QUERY_SAMPLES = 200;
const ROUNDS = Number(values.rounds);

/** The player ranked last on the all-time value board (the deepest own rank). */
async function lastPlayer(scratch: ScratchDatabase): Promise<number> {
  const { rows } = await scratch.client.query(`SELECT user_id FROM player_standings WHERE period = '-infinity' AND listed AND collection_value > 0 ORDER BY collection_value, user_id DESC LIMIT 1`);
  return rows[0].user_id as number;
}

/** EXPLAIN ANALYZE of each board's page and own-rank statements, as readLeaderboard runs them for the board's last player. */
async function explainBoards(scratch: ScratchDatabase): Promise<void> {
  console.log(`EXPLAIN ANALYZE, page 1 with the own row, and the own rank, of each board's last player [${describeLoad()}]:`);
  for (const board of LEADERBOARD_BOARDS) {
    for (const period of LEADERBOARD_PERIODS) {
      const { viewerId, statements } = await leaderboardStatements(scratch.database.db, { board, period, page: 1 }, new Date());
      for (const [what, statement] of Object.entries(statements)) {
        const summary = await explain(scratch.database, statement);
        console.log(describeExplain(`${board}, ${period}, ${what}`, summary) + (what.startsWith('page') ? ` (player ${viewerId})` : ''));
        if (summary.seqScan || (summary.ms > 5 && what !== 'sample')) console.log(summary.plan.replace(/^/gm, '      '));
      }
    }
  }
}

/** readLeaderboard straight on the database, one call at a time, for every board and period, signed out and as the last player. */
async function timeQueries(scratch: ScratchDatabase, last: number): Promise<void> {
  const snapshots = new RankSnapshots();
  const now = new Date();
  console.log(`readLeaderboard on the database, ${QUERY_SAMPLES} calls each, one at a time (ms) [${describeLoad()}]:`);
  for (const board of LEADERBOARD_BOARDS) {
    for (const period of LEADERBOARD_PERIODS) {
      for (const viewer of [undefined, last]) {
        const samples: number[] = [];
        for (let i = 0; i < QUERY_SAMPLES; i++) {
          const started = performance.now();
          await readLeaderboard(scratch.database.db, { board, period, page: 1 }, viewer, now, snapshots);
          samples.push(performance.now() - started);
        }
        samples.sort((a, b) => a - b);
        const at = (p: number) => percentile(samples, p).toFixed(2);
        console.log(`  ${`${board}, ${period}, ${viewer ? 'own rank' : 'signed out'}`.padEnd(30)} p50 ${at(50)}, p95 ${at(95)}, p99 ${at(99)}`);
      }
    }
  }
}

interface Page {
  label: string;
  path: string;
  cookie?: string;
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  /** CPU time per request (ms): the app process, and the database's server processes for this database. */
  appCpu: number;
  dbCpu: number;
}

/** utime + stime of a process, in ms (0 once it is gone). */
const cpuMs = (pid: number): number => processCpuMs(pid) ?? 0;

/**
 * CPU used so far by the app and by each of the database's server processes (but the benchmark's
 * own): per request over a run, a figure the machine's other work changes far less than latency.
 * Only one app is loaded at a time, so the backends busy meanwhile are that app's.
 */
async function cpuOf(scratch: ScratchDatabase, app: ServerProcess): Promise<{ app: number; backends: Map<number, number> }> {
  const { rows } = await scratch.client.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  return { app: cpuMs(app.child.pid!), backends: new Map(rows.map((r: { pid: number }) => [r.pid, cpuMs(r.pid)])) };
}

/** Database CPU between two readings (a backend that started meanwhile counts from 0; one that ended is lost). */
function dbCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** wrk on one page of one app for `seconds`. */
async function load(scratch: ScratchDatabase, app: ServerProcess, page: Page, seconds: number): Promise<Figures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-ladder-'));
  try {
    const file = path.join(dir, 'requests.tsv');
    writeRequestFile(file, [{ method: 'GET', path: page.path, cookie: page.cookie }]);
    const before = await cpuOf(scratch, app);
    const r = await runWrk({ url: app.url, requestFile: file, connections: Number(values.connections), durationS: seconds });
    const after = await cpuOf(scratch, app);
    const perRequest = (ms: number) => ms / Math.max(1, r.requests);
    return { p50: r.latencyMs.p50, p95: r.latencyMs.p95, p99: r.latencyMs.p99, rps: r.rps, errors: r.errors, appCpu: perRequest(after.app - before.app), dbCpu: perRequest(dbCpuBetween(before.backends, after.backends)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A signed-in player of the app (registered through it), ranked last or near it on every board. */
async function benchPlayer(app: ServerProcess, scratch: ScratchDatabase): Promise<string> {
  const register = await fetch(`${app.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: app.url },
    body: JSON.stringify({ username: `bench_${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('base64url') }),
  });
  if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);
  const me = ((await register.json()) as { id: number }).id;
  for (const period of ['-infinity', 'now']) {
    await scratch.client.query(
      `INSERT INTO player_standings (period, user_id, collection_value, wins, battles, trades, design_points)
       VALUES (CASE WHEN $2 = 'now' THEN pog_week(now()) ELSE '-infinity'::date END, $1, 1, 1, 100, 1, 1)`,
      [me, period],
    );
  }
  return register.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const spread = (list: number[]) => `${ms(Math.min(...list))} / ${ms(median(list))} / ${ms(Math.max(...list))}`;
const cpu = (v: number) => v.toFixed(2);
const cpuSpread = (list: number[]) => cpu(median(list));

async function measure(scratch: ScratchDatabase, baseline: BaselineTree | undefined): Promise<void> {
  const sessionSecret = randomBytes(24).toString('base64url');
  const sides: Array<{ label: string; app: ServerProcess }> = [];
  try {
    if (baseline) sides.push({ label: `before (${baseline.revision})`, app: await startApp({ nodeEnv: 'production', databaseUrl: scratch.url, root: baseline.root, sessionSecret }) });
    sides.push({ label: 'after', app: await startApp({ nodeEnv: 'production', databaseUrl: scratch.url, sessionSecret }) });
    // One player for both apps: they share the database and the session secret.
    const cookie = await benchPlayer(sides[0]!.app, scratch);
    const pages: Page[] = [];
    for (const board of LEADERBOARD_BOARDS) {
      for (const period of LEADERBOARD_PERIODS) {
        const path = `/api/leaderboard?board=${board}&period=${period}`;
        pages.push({ label: `${board}, ${period}, signed out`, path }, { label: `${board}, ${period}, own rank`, path, cookie });
      }
    }
    pages.push({ label: `value, all, page ${LEADERBOARD_MAX_PAGE}`, path: `/api/leaderboard?board=value&period=all&page=${LEADERBOARD_MAX_PAGE}` });
    // --only <text>: the pages whose label has it (e.g. "own rank").
    if (values.only) pages.splice(0, pages.length, ...pages.filter((page) => page.label.includes(values.only!)));
    for (const side of sides) {
      for (const page of pages) {
        const res = await fetch(side.app.url + page.path, { headers: page.cookie ? { Cookie: page.cookie } : {} });
        const body = (await res.json()) as { entries: unknown[]; me: { rank: number } | null };
        if (!res.ok || body.entries.length === 0) throw new Error(`${side.label}, ${page.label}: status ${res.status}, ${body.entries?.length} entries`);
        if (page.cookie && !body.me) throw new Error(`${side.label}, ${page.label}: no own rank`);
        if (side === sides[0]) page.label += body.me ? ` (#${body.me.rank.toLocaleString('en')})` : '';
        await load(scratch, side.app, page, Number(values.warmup));
      }
    }
    const results = new Map<string, Figures[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round} of ${ROUNDS} [${describeLoad()}]`);
      for (const [i, page] of pages.entries()) {
        // A, B then B, A: neither side always runs right after the other.
        const order = (round + i) % 2 ? sides : [...sides].reverse();
        for (const side of order) {
          const figures = await load(scratch, side.app, page, Number(values.duration));
          const key = `${page.label}\u0000${side.label}`;
          results.set(key, [...(results.get(key) ?? []), figures]);
          console.log(`  ${page.label.padEnd(40)} ${side.label.padEnd(18)} p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  p99 ${ms(figures.p99)} ms  ${figures.rps} req/s  CPU/request app ${cpu(figures.appCpu)} + db ${cpu(figures.dbCpu)} ms${figures.errors ? `  ERRORS ${figures.errors}` : ''}`);
        }
      }
    }
    console.log(`\nGET /api/leaderboard, ${ROUNDS} interleaved rounds of ${values.duration} s, wrk ${values.connections} connections; min / median / max (goal p95 <= ${GOAL_P95_MS} ms, by the median) [${describeLoad()}]:`);
    for (const side of sides) {
      let missed = 0;
      for (const page of pages) {
        const list = results.get(`${page.label}\u0000${side.label}`)!;
        const met = median(list.map((f) => f.p95)) <= GOAL_P95_MS;
        if (!met) missed++;
        console.log(`  ${page.label.padEnd(40)} ${side.label.padEnd(18)} p50 ${spread(list.map((f) => f.p50))}  p95 ${spread(list.map((f) => f.p95))}  p99 ${spread(list.map((f) => f.p99))} ms  CPU/request app ${cpuSpread(list.map((f) => f.appCpu))} + db ${cpuSpread(list.map((f) => f.dbCpu))} ms  [${met ? 'met' : 'MISSED'}]`);
      }
      console.log(`  ${side.label}: ${missed === 0 ? `every page met p95 <= ${GOAL_P95_MS} ms` : `${missed} of ${pages.length} pages MISSED p95 <= ${GOAL_P95_MS} ms`}`);
    }
  } finally {
    for (const side of sides) await side.app.stop().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const scratch = values.reuse ? await openScratchDatabase(values.reuse) : await createScratchDatabase('leaderboard');
  const baseline = values.baseline ? prepareBaselineTree(values.baseline) : undefined;
  try {
    if (values.reuse) {
      const { rows } = await scratch.client.query(`SELECT count(*)::int AS n FROM users`);
      console.log(`PostgreSQL ${scratch.name} (reused): ${rows[0].n.toLocaleString('en')} players`);
      await scratch.database.db.execute(sql`ANALYZE player_standings`);
    } else {
      await seedLeaderboards(scratch, Number(values.players), Number(values.pogs));
    }
    const last = await lastPlayer(scratch);
    if (values.explain) await explainBoards(scratch);
    await timeQueries(scratch, last);
    if (ROUNDS > 0) await measure(scratch, baseline);
  } finally {
    baseline?.remove();
    if (values.keep || values.reuse) {
      console.log(`kept the database: --reuse ${scratch.name}`);
      await scratch.close();
    } else {
      await scratch.drop();
    }
  }
}

runBenchmark(main);
