/**
 * Issue 15 §2: Explore's list and search (`GET /api/pogs?limit=50[&search=...]`, recent and
 * trending) at 100,000 POGs, on PostgreSQL and embedded (PGlite), before and after: the code at
 * `--baseline` (a git revision) and this checkout run side by side on databases filled the same way,
 * loaded in turn (interleaved rounds) by wrk. Goal: search p95 <= 30 ms on both databases.
 *
 *   npx tsx infra/bench/explore-search.ts --baseline <rev> [--pogs 100000] [--players 1000]
 *     [--rounds 3] [--duration 5] [--warmup 2] [--connections 4] [--db postgres,pglite]
 *
 * Before the load, EXPLAIN ANALYZE of the app's own search statement for each term shows which
 * indexes the planner chose on that database (--rounds 0: only that). Scratch databases and
 * folders are removed at the end.
 */
import { inArray } from 'drizzle-orm';
import { pogListQuerySchema, type PogListQuery } from '@pog/common';
import { pogListStatement, searchCandidates, searchMatches, tables, type Database } from '@pog/common/server';
import { listBenchArgs, runInterleaved, runListBenchmark } from './ab-run';
import { describeExplain, explain } from './explain';

const args = listBenchArgs({ players: 1000, pogs: 100_000 });

/** From common (a word in about 5% of names and texts) to rare (a number) to absent, and a creator (player 42's username). */
const SEARCH_TERMS = ['blaze', 'nova tide', '4242', 'novacomet42', 'qqzx'];
const GOAL_P95_MS = 30;
const SORTS = ['recent', 'trending'] as const;
const pogs = args.pogs;

/**
 * The search's statements as the app runs them: the matches collected from the indexes (at most
 * 2,001), then the page (by id when they were all, else in list order); their times added.
 */
async function explainSearch(database: Database, query: PogListQuery) {
  const matches = await searchMatches(database.db, query.search!);
  const all = (await searchCandidates(database.db, query, matches)).length <= 2000;
  const first = await explain(database, searchCandidates(database.db, query, matches));
  const page = all
    ? await explain(database, database.db.select().from(tables.pogs).where(inArray(tables.pogs.id, [...Array(query.limit + 1).keys()].map((i) => i + 1))))
    : await explain(database, pogListStatement(database.db, query, matches));
  return { ms: first.ms + page.ms, seqScan: first.seqScan || page.seqScan, indexes: [...new Set([...first.indexes, ...page.indexes])], plan: `${first.plan}\n${page.plan}` };
}

runListBenchmark({
  label: 'search',
  baselineRevision: args.baseline,
  players: args.players,
  pogs,
  kinds: args.kinds,
  async inspect(database, kind) {
    console.log(`\n${kind}: ${pogs.toLocaleString('en')} POGs by ${args.players.toLocaleString('en')} players; EXPLAIN ANALYZE of the search (after):`);
    for (const sort of SORTS) {
      for (const search of SEARCH_TERMS) {
        const query = pogListQuerySchema.parse({ search, sort, limit: '50' });
        console.log(describeExplain(`"${search}", ${sort}`, await explainSearch(database, query)));
      }
    }
  },
  async load(sides, kind) {
    const page = (extra: string) => SORTS.map((sort) => `/api/pogs?limit=50&sort=${sort}${extra}`);
    await runInterleaved(
      `${kind}, GET /api/pogs at ${pogs.toLocaleString('en')} POGs`,
      sides,
      [
        { label: 'list, no search', paths: page('') },
        { label: 'search (5 terms x 2 sorts)', paths: SEARCH_TERMS.flatMap((term) => page(`&search=${encodeURIComponent(term)}`)), goalP95Ms: GOAL_P95_MS },
      ],
      args.load,
    );
  },
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
