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
import { pogListStatement, prepareSearch, searchCandidates, searchCondition, searchedPage, searchWindow, tables, type Database } from '@pog/common/server';
import { listBenchArgs, runInterleaved, runListBenchmark } from './ab-run';
import { combineExplains, describeExplain, explain } from './explain';

const args = listBenchArgs({ players: 1000, pogs: 100_000 });

/** From common (a word in about 5% of names and texts) to rare (a number) to absent, and a creator (player 42's username). */
const SEARCH_TERMS = ['blaze', 'nova tide', '4242', 'novacomet42', 'qqzx'];
const GOAL_P95_MS = 30;
const SORTS = ['recent', 'trending'] as const;
const pogs = args.pogs;

/**
 * The search's statements as the app runs them (`searchedPage`): the first rows of the list order
 * checked, and when they hold no whole page, the matches collected from the indexes (planned for
 * all rows, as the app does) and then the page, by id or in list order; their times added.
 */
async function explainSearch(database: Database, query: PogListQuery) {
  const { db } = database;
  const term = await prepareSearch(db, query.search!);
  const { path } = await searchedPage(db, query, query.search!);
  const steps = [await explain(database, searchWindow(db, query, term))];
  const byId = () => explain(database, db.select().from(tables.pogs).where(inArray(tables.pogs.id, [...Array(query.limit + 1).keys()].map((i) => i + 1))));
  if (path !== 'window') {
    const matches = searchCondition(term);
    steps.push(await explain(database, searchCandidates(db, query, matches)));
    steps.push(path === 'candidates' ? await byId() : await explain(database, pogListStatement(db, query, matches)));
  } else {
    steps.push(await byId());
  }
  const summary = combineExplains(steps);

  return { path, summary };
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
        const { path, summary } = await explainSearch(database, query);
        console.log(describeExplain(`"${search}", ${sort} (${path})`, summary));
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
