/**
 * Issue 3's and issue 15's browse endpoint: `GET /api/pogs` (50 per page) with 100,000 POGs, on
 * BOTH databases (PostgreSQL and the embedded PGlite), for the first page and a page 1,000 pages
 * deep, newest first and trending, and with search filters (name text, creator's name). Goal:
 * p95 <= 30 ms.
 *
 *   npx tsx infra/bench/pog-list.ts [--pogs 100000] [--rounds 3] [--connections 4] [--duration 5]
 *     [--baseline <git revision>] [--db postgres,pglite] [--no-search] [--accept-encoding 'br, gzip'] [--redis]
 *     [--writes 200] [--many-pages 1000] [--only 'pages']
 *
 * With --baseline, the code at that revision (baseline-tree.ts) runs beside this checkout on the same
 * data (the same PostgreSQL database; a copy of the seeded PGlite folder), and each round loads the
 * baseline, then this tree (A, B, A, B...), per database. --no-search leaves out the two searched
 * pages; --accept-encoding sends that header, as a browser does (the JSON is then compressed);
 * --redis gives the PostgreSQL apps a Redis (their own redis-server, own-redis.ts), as the
 * distributed shape runs them (BullMQ, the Socket.IO adapter), instead of in-process jobs.
 * --writes N commits N writes a second to the PostgreSQL database while its pages are loaded (each
 * rewrites one POG's name as it was: a new row version, nothing the page shows changes), as a busy
 * game's trades and battles would: a page kept by the app (routes/pog-list-answers.ts) is then
 * read again after each write. Without --accept-encoding, one more load takes --many-pages recent
 * pages (1,000 by default, 10 POGs apart) in turn, more than the app keeps: each is read anew, as when
 * many players browse different pages. --only loads only the pages whose label holds that text.
 *
 * The same data (1,000 players, half the POGs with an image, 1% rejected by a moderator) goes into a
 * scratch database on PostgreSQL at 127.0.0.1:5432 and into an embedded app's PGlite (seeded while
 * that app is stopped); both apps run at once (in-process jobs) and wrk loads each page on one, then
 * on the other, round after round (A, B, A, B...). Deep pages use the cursor the app itself would
 * hand out for that row (checked against the app's X-Next-Cursor for page 1). The scratch database
 * and the embedded data folder are removed at the end.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBaselineTree, type BaselineTree } from './baseline-tree';
import { measuringCpu, perRequest } from './cpu-time';
import { ownRedisAvailable, startOwnRedis, type OwnRedis } from './own-redis';
import { describeLoad, describeMachine } from './machine';
import { startApp, type ServerProcess } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';
import { createScratchDatabase, seededRandom, seedPogs, seedUsers, type Queryable } from './scratch-db';
import { withEmbeddedDatabase } from './sessions';
import { runWrk, writeRequestFile } from './wrk';

const { values } = parseArgs({
  options: {
    pogs: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '4' },
    duration: { type: 'string', default: '5' },
    baseline: { type: 'string' },
    db: { type: 'string', default: 'postgres,pglite' },
    search: { type: 'boolean', default: true },
    'accept-encoding': { type: 'string' },
    redis: { type: 'boolean', default: false },
    writes: { type: 'string', default: '0' },
    'many-pages': { type: 'string', default: '1000' },
    only: { type: 'string' },
  },
  allowNegative: true,
});
const DATABASES = new Set(values.db.split(','));
const HEADERS = values['accept-encoding'] ? { 'Accept-Encoding': values['accept-encoding'] } : undefined;
const POGS = Math.min(1_000_000, Number(values.pogs));
const PAGE = 50;
const DEEP_PAGES = Math.min(1_000, Math.floor(POGS / PAGE / 2));
const GOAL_P95_MS = 30;

/** The cursor format of common/src/server/pogs/repository.ts: base64url of the last row's keys. */
function cursorFor(keys: { id: number; points?: number }): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

function randomHashes(count: number): (string | null)[] {
  const random = seededRandom(7);
  const word = () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0');
  return Array.from({ length: count }, () => (random() < 0.5 ? word() + word() : null));
}

async function seed(db: Queryable): Promise<void> {
  const userIds = await seedUsers(db, 1_000);
  await seedPogs(db, { userIds, hashes: randomHashes(POGS), rejectedShare: 0.01 });
}

interface Page {
  label: string;
  /** The page's URL, or with `requestFile` the app's base URL. */
  url: string;
  /** Requests taken in turn (wrk.ts); `url` + `firstPath` is the first of them. */
  requestFile?: string;
  firstPath?: string;
}

/** --many-pages recent pages, 10 POGs apart, in a request file for wrk (none with --accept-encoding: a file sends no extra headers). */
async function manyPages(db: Queryable, baseUrl: string, file: string): Promise<Page[]> {
  const count = Number(values['many-pages']);
  if (HEADERS || count <= 0) return [];
  const ids = await db.query<{ id: number }>(
    `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM pogs WHERE moderation_status <> 'rejected') listed WHERE n % 10 = 0 ORDER BY id DESC LIMIT $1`,
    [count],
  );
  const paths = ids.rows.map(({ id }) => `/api/pogs?limit=${PAGE}&sort=recent&cursor=${cursorFor({ id })}`);
  writeRequestFile(file, paths.map((p) => ({ method: 'GET', path: p })));
  return [{ label: `recent ${paths.length} pages`, url: baseUrl, requestFile: file, firstPath: paths[0]! }];
}

/** The pages to load, with deep cursors read from this database (the app's own listing order). */
async function pagesOf(db: Queryable, baseUrl: string): Promise<Page[]> {
  const deep = DEEP_PAGES * PAGE - 1;
  const recent = await db.query<{ id: number }>(`SELECT id FROM pogs WHERE moderation_status <> 'rejected' ORDER BY id DESC OFFSET $1 LIMIT 1`, [deep]);
  const trending = await db.query<{ id: number; points: number }>(
    `SELECT id, coalesce(points, 0) AS points FROM pogs WHERE moderation_status <> 'rejected' ORDER BY coalesce(points, 0) DESC, id DESC OFFSET $1 LIMIT 1`,
    [deep],
  );
  const list = (query: string) => `${baseUrl}/api/pogs?limit=${PAGE}&${query}`;
  return [
    { label: 'recent p1', url: list('sort=recent') },
    { label: `recent p${DEEP_PAGES + 1}`, url: list(`sort=recent&cursor=${cursorFor({ id: recent.rows[0]!.id })}`) },
    { label: 'trending p1', url: list('sort=trending') },
    { label: `trending p${DEEP_PAGES + 1}`, url: list(`sort=trending&cursor=${cursorFor({ id: trending.rows[0]!.id, points: Number(trending.rows[0]!.points) })}`) },
    ...(values.search
      ? [
          { label: 'search name', url: list('sort=recent&search=POG%20777') },
          { label: 'search creator', url: list('sort=recent&search=bench_user_42') },
        ]
      : []),
  ];
}

/** The constructed cursors must be the app's own: compare with page 1's X-Next-Cursor. */
async function checkCursors(baseUrl: string): Promise<void> {
  for (const sort of ['recent', 'trending'] as const) {
    const response = await fetch(`${baseUrl}/api/pogs?limit=${PAGE}&sort=${sort}`);
    const page = (await response.json()) as { id: number; points: number | null }[];
    const last = page.at(-1)!;
    const expected = cursorFor(sort === 'trending' ? { id: last.id, points: last.points ?? 0 } : { id: last.id });
    if (page.length !== PAGE || response.headers.get('x-next-cursor') !== expected) {
      throw new Error(`${sort}: page 1 has ${page.length} POGs and cursor ${response.headers.get('x-next-cursor')}, expected ${expected}`);
    }
  }
}

/**
 * Runs `load` while `perSecond` writes a second commit on `db` (one after the other, in ticks of 10
 * ms); the writes made come back with its result.
 */
async function whileWriting<T>(db: Queryable | undefined, perSecond: number, load: () => Promise<T>): Promise<{ result: T; writes: number }> {
  if (!db || perSecond <= 0) return { result: await load(), writes: 0 };
  let writes = 0;
  let stopped = false;
  const started = performance.now();
  const writing = (async () => {
    while (!stopped) {
      if (writes < ((performance.now() - started) / 1000) * perSecond) {
        await db.query(`UPDATE pogs SET name = name WHERE id = (SELECT min(id) FROM pogs) + $1`, [writes % 1000]);
        writes++;
      } else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await load(), writes };
  } finally {
    stopped = true;
    await writing;
  }
}

/** Each page in turn: req/s, p95, and the app process's CPU per request (steadier than req/s on a busy machine). */
async function loadPages(app: ServerProcess, pages: Page[], writer: Queryable | undefined): Promise<Figures> {
  const figures: Figures = {};
  for (const { label, url, requestFile } of pages) {
    const wrk = () => runWrk({ url, connections: Number(values.connections), durationS: Number(values.duration), ...(requestFile ? { requestFile } : { headers: HEADERS }) });
    const { result: { result: r, writes }, cpuMs: [cpu] } = await measuringCpu([app.child.pid!], () => whileWriting(writer, Number(values.writes), wrk));
    if (writer && Number(values.writes) > 0) figures[`${label} writes/s`] = Math.round(writes / Number(values.duration));
    figures[`${label} req/s`] = r.rps;
    figures[`${label} p95 ms`] = r.latencyMs.p95;
    figures[`${label} cpu ms/req`] = perRequest(cpu!, r.requests);
    if (r.errors) figures[`${label} errors`] = r.errors;
  }
  return figures;
}

/** The same pages on another app (same rows, same seed order: the deep cursors of one are the other's). */
const pagesOn = (pages: Page[], from: string, to: string) => pages.map((p) => ({ ...p, url: p.url.replace(from, to) }));

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  const scratch = await createScratchDatabase('list');
  const work = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-list-'));
  const apps: ServerProcess[] = [];
  let baseline: BaselineTree | undefined;
  let redis: OwnRedis | undefined;
  try {
    if (values.redis && ownRedisAvailable()) redis = await startOwnRedis();
    const redisUrl = values.redis ? (redis?.url ?? 'redis://127.0.0.1:6379') : undefined;
    if (redisUrl) console.log(`PostgreSQL apps with Redis at ${redisUrl}`);
    baseline = values.baseline ? prepareBaselineTree(values.baseline) : undefined;
    let started = performance.now();
    await seed(scratch.client);
    console.log(`PostgreSQL ${scratch.name}: ${POGS.toLocaleString('en')} POGs by 1,000 players, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const dataDir = path.join(work, 'data');
    if (DATABASES.has('pglite')) {
      await (await startApp({ nodeEnv: 'production', dataDir })).stop(); // creates and migrates the embedded database
      started = performance.now();
      await withEmbeddedDatabase(dataDir, seed);
      console.log(`embedded PGlite: the same, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // A PGlite folder is one process's: the baseline gets a copy.
      if (baseline) cpSync(dataDir, path.join(work, 'baseline-data'), { recursive: true });
    }

    const sides = [...(baseline ? [{ name: `baseline ${baseline.revision}`, root: baseline.root, dir: path.join(work, 'baseline-data') }] : []), { name: 'this tree', root: undefined, dir: dataDir }];
    const subjects: { label: string; app: ServerProcess; db: 'postgres' | 'pglite' }[] = [];
    for (const side of sides) {
      const suffix = baseline ? `, ${side.name}` : '';
      if (DATABASES.has('postgres')) subjects.push({ label: `PostgreSQL${suffix}`, app: await startApp({ nodeEnv: 'production', databaseUrl: scratch.url, redisUrl, root: side.root }), db: 'postgres' });
      if (DATABASES.has('pglite')) subjects.push({ label: `embedded (PGlite)${suffix}`, app: await startApp({ nodeEnv: 'production', dataDir: side.dir, root: side.root }), db: 'pglite' });
      apps.push(...subjects.slice(apps.length).map((s) => s.app));
    }
    for (const { app } of subjects) await checkCursors(app.url);
    const template = [...(await pagesOf(scratch.client, 'http://template')), ...(await manyPages(scratch.client, 'http://template', path.join(work, 'many-pages.txt')))].filter(
      (page) => values.only === undefined || page.label.includes(values.only),
    );
    const pagesBySubject = subjects.map((s) => pagesOn(template, 'http://template', s.app.url));
    for (const [i, pages] of pagesBySubject.entries()) {
      for (const { label, url, firstPath } of pages) {
        const check = await fetch(url + (firstPath ?? ''));
        const rows = ((await check.json()) as unknown[]).length;
        if (!check.ok || rows === 0) throw new Error(`${subjects[i]!.label} ${label} (${url}): status ${check.status}, ${rows} POGs`);
      }
    }
    const encoding = HEADERS ? `, Accept-Encoding: ${HEADERS['Accept-Encoding']}` : ', no Accept-Encoding (raw JSON)';
    console.log(`GET /api/pogs?limit=${PAGE}, wrk with ${values.connections} connections, ${values.duration} s per page, ${values.rounds} interleaved rounds${encoding} (goal p95 <= ${GOAL_P95_MS} ms):`);
    const result = await interleave(
      subjects.map((subject, i) => ({ label: subject.label, run: () => loadPages(subject.app, pagesBySubject[i]!, subject.db === 'postgres' ? scratch.client : undefined) })),
      Number(values.rounds),
    );
    printSummary(result);
    if (baseline) {
      for (const db of ['PostgreSQL', 'embedded (PGlite)']) {
        const subject = subjects.find((s) => s.label === `${db}, this tree`);
        if (!subject) continue;
        for (const figure of ['req/s', 'cpu ms/req']) {
          const ratios = template.map((p) => `${p.label} ${medianRatio(result, subject.label, `${db}, baseline ${baseline!.revision}`, `${p.label} ${figure}`).toFixed(2)}`);
          console.log(`${db} ${figure}, this tree / baseline (median of the rounds' ratios): ${ratios.join(', ')}`);
        }
      }
    }
  } finally {
    for (const app of apps) await app.stop().catch((error: unknown) => console.error(error));
    await scratch.drop();
    await redis?.stop();
    rmSync(work, { recursive: true, force: true });
    baseline?.remove();
  }
}

main()
  .then(() => console.log(`after: ${describeLoad()}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
