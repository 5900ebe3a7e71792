/**
 * Issue 3's and issue 15's browse endpoint: `GET /api/pogs` (50 per page) with 100,000 POGs, on
 * BOTH databases (PostgreSQL and the embedded PGlite), for the first page and a page 1,000 pages
 * deep, newest first and trending, and with search filters (name text, creator's name). Goal:
 * p95 <= 30 ms.
 *
 *   npx tsx infra/bench/pog-list.ts [--pogs 100000] [--rounds 3] [--connections 4] [--duration 5] [--in-process]
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
import { describeLoad, describeMachine } from './machine';
import { startApp, type ServerProcess } from './processes';
import { interleave, printSummary, type Figures } from './rounds';
import { createScratchDatabase, seededRandom, seedPogs, seedUsers, type Queryable } from './scratch-db';
import { withEmbeddedDatabase } from './sessions';
import { runWrk } from './wrk';

const { values } = parseArgs({
  options: {
    pogs: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '4' },
    duration: { type: 'string', default: '5' },
    /** Adds an embedded app with PGlite in the server's thread (PGLITE_THREAD=false), on a copy of the same folder. */
    'in-process': { type: 'boolean', default: false },
  },
});
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

/** The pages to load, with deep cursors read from this database (the app's own listing order). */
async function pagesOf(db: Queryable, baseUrl: string): Promise<{ label: string; url: string }[]> {
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
    { label: 'search name', url: list('sort=recent&search=POG%20777') },
    { label: 'search creator', url: list('sort=recent&search=bench_user_42') },
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

async function loadPages(pages: { label: string; url: string }[]): Promise<Figures> {
  const figures: Figures = {};
  for (const { label, url } of pages) {
    const r = await runWrk({ url, connections: Number(values.connections), durationS: Number(values.duration) });
    figures[`${label} req/s`] = r.rps;
    figures[`${label} p95 ms`] = r.latencyMs.p95;
    if (r.errors) figures[`${label} errors`] = r.errors;
  }
  return figures;
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  const scratch = await createScratchDatabase('list');
  const work = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-list-'));
  const apps: ServerProcess[] = [];
  try {
    let started = performance.now();
    await seed(scratch.client);
    console.log(`PostgreSQL ${scratch.name}: ${POGS.toLocaleString('en')} POGs by 1,000 players, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const dataDir = path.join(work, 'data');
    await (await startApp({ nodeEnv: 'production', dataDir })).stop(); // creates and migrates the embedded database
    started = performance.now();
    await withEmbeddedDatabase(dataDir, seed);
    console.log(`embedded PGlite: the same, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // A copy for the app with PGlite in the server's thread (a PGlite folder is one process's).
    if (values['in-process']) cpSync(dataDir, `${dataDir}-in-process`, { recursive: true });

    const postgres = await startApp({ nodeEnv: 'production', databaseUrl: scratch.url });
    apps.push(postgres);
    const embedded = await startApp({ nodeEnv: 'production', dataDir, env: { PGLITE_THREAD: 'true' } });
    apps.push(embedded);
    let inProcess: ServerProcess | undefined;
    if (values['in-process']) {
      inProcess = await startApp({ nodeEnv: 'production', dataDir: `${dataDir}-in-process`, env: { PGLITE_THREAD: 'false' } });
      apps.push(inProcess);
    }
    await checkCursors(postgres.url);
    await checkCursors(embedded.url);
    const postgresPages = await pagesOf(scratch.client, postgres.url);
    // The same rows in both (same seed order): the deep cursors of one are the other's.
    const embeddedPages = postgresPages.map((p) => ({ ...p, url: p.url.replace(postgres.url, embedded.url) }));
    for (const { label, url } of [...postgresPages, ...embeddedPages]) {
      const check = await fetch(url);
      const rows = ((await check.json()) as unknown[]).length;
      if (!check.ok || rows === 0) throw new Error(`${label} (${url}): status ${check.status}, ${rows} POGs`);
    }
    console.log(`GET /api/pogs?limit=${PAGE}, wrk with ${values.connections} connections, ${values.duration} s per page, ${values.rounds} interleaved rounds (goal p95 <= ${GOAL_P95_MS} ms):`);
    const subjects = [
      { label: 'PostgreSQL', run: () => loadPages(postgresPages) },
      { label: 'embedded (PGlite thread)', run: () => loadPages(embeddedPages) },
    ];
    if (inProcess) {
      const pages = postgresPages.map((p) => ({ ...p, url: p.url.replace(postgres.url, inProcess.url) }));
      subjects.push({ label: 'embedded (PGlite in-process)', run: () => loadPages(pages) });
    }
    const result = await interleave(subjects, Number(values.rounds));
    printSummary(result);
  } finally {
    for (const app of apps) await app.stop().catch((error: unknown) => console.error(error));
    await scratch.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

main()
  .then(() => console.log(`after: ${describeLoad()}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
