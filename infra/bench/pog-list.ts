/**
 * Issue 3's browse endpoint: latency of `GET /api/pogs` (50 per page) with 100,000 POGs in
 * PostgreSQL, for the first page and a page 1,000 pages deep, newest first and trending.
 * Goal: p95 <= 30 ms.
 *
 *   npx tsx infra/bench/pog-list.ts [--pogs 100000] [--connections 4] [--duration 5] [--warmup 1]
 *
 * A scratch database on PostgreSQL at 127.0.0.1:5432 is filled in bulk (1,000 players, half the
 * POGs with an image, 1% rejected by a moderator), the real app is started on it (in-process
 * jobs), and each page is loaded by `--connections` concurrent keep-alive clients from another
 * process. Deep pages use the cursor the app itself would hand out for that row (checked against
 * the app's X-Next-Cursor for page 1). The database is dropped at the end.
 */
import { parseArgs } from 'node:util';
import { formatResult, runLoadInChild } from './load';
import { describeLoad, describeMachine } from './machine';
import { startApp } from './processes';
import { createScratchDatabase, seededRandom, seedPogs, seedUsers } from './scratch-db';

const { values } = parseArgs({
  options: {
    pogs: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '4' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
  },
});
const POGS = Math.min(1_000_000, Number(values.pogs));
const PAGE = 50;
const DEEP_PAGES = 1_000;
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

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  const scratch = await createScratchDatabase('list');
  try {
    const started = performance.now();
    const userIds = await seedUsers(scratch.client, 1_000);
    await seedPogs(scratch.client, { userIds, hashes: randomHashes(POGS), rejectedShare: 0.01 });
    console.log(`PostgreSQL ${scratch.name}: ${POGS.toLocaleString('en')} POGs by 1,000 players, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The row that ends page DEEP_PAGES in each order, as the app's listing sees it.
    const deep = DEEP_PAGES * PAGE - 1;
    const recentRow = await scratch.client.query<{ id: number }>(`SELECT id FROM pogs WHERE moderation_status <> 'rejected' ORDER BY id DESC OFFSET $1 LIMIT 1`, [deep]);
    const trendingRow = await scratch.client.query<{ id: number; points: number }>(
      `SELECT id, coalesce(points, 0) AS points FROM pogs WHERE moderation_status <> 'rejected' ORDER BY coalesce(points, 0) DESC, id DESC OFFSET $1 LIMIT 1`,
      [deep],
    );

    const app = await startApp({ nodeEnv: 'production', databaseUrl: scratch.url });
    try {
      const list = (query: string) => `${app.url}/api/pogs?limit=${PAGE}&${query}`;
      // The constructed cursors must be the app's own: compare with page 1's X-Next-Cursor.
      for (const sort of ['recent', 'trending'] as const) {
        const response = await fetch(list(`sort=${sort}`));
        const page = (await response.json()) as { id: number; points: number | null }[];
        const last = page.at(-1)!;
        const expected = cursorFor(sort === 'trending' ? { id: last.id, points: last.points ?? 0 } : { id: last.id });
        if (page.length !== PAGE || response.headers.get('x-next-cursor') !== expected) {
          throw new Error(`${sort}: page 1 has ${page.length} POGs and cursor ${response.headers.get('x-next-cursor')}, expected ${expected}`);
        }
      }
      const pages = [
        { label: 'recent, page 1', url: list('sort=recent') },
        { label: `recent, page ${DEEP_PAGES + 1}`, url: list(`sort=recent&cursor=${cursorFor({ id: recentRow.rows[0]!.id })}`) },
        { label: 'trending, page 1', url: list('sort=trending') },
        { label: `trending, page ${DEEP_PAGES + 1}`, url: list(`sort=trending&cursor=${cursorFor({ id: trendingRow.rows[0]!.id, points: trendingRow.rows[0]!.points })}`) },
      ];
      console.log(`GET /api/pogs?limit=${PAGE}, ${values.connections} connections, ${values.warmup} s warm-up, ${values.duration} s each (goal p95 <= ${GOAL_P95_MS} ms):`);
      for (const { label, url } of pages) {
        const check = await fetch(url);
        const rows = ((await check.json()) as unknown[]).length;
        if (!check.ok || rows !== PAGE) throw new Error(`${label}: status ${check.status}, ${rows} POGs`);
        const result = await runLoadInChild({
          url,
          connections: Number(values.connections),
          durationMs: Number(values.duration) * 1000,
          warmupMs: Number(values.warmup) * 1000,
        });
        const verdict = result.latencyMs.p95 <= GOAL_P95_MS ? 'met' : 'MISSED';
        console.log(`  ${formatResult(label.padEnd(20), result)}  [${verdict}]`);
      }
    } catch (error) {
      console.error(`app output:\n${app.output()}`);
      throw error;
    } finally {
      await app.stop();
    }
  } finally {
    await scratch.drop();
  }
}

main()
  .then(() => console.log(`after: ${describeLoad()}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
