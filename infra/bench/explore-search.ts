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
import { pogListQuerySchema } from '@pog/common';
import { pogListStatement, searchMatches } from '@pog/common/server';
import { listBenchArgs, runInterleaved, runListBenchmark } from './ab-run';
import { describeExplain, explain } from './explain';

const args = listBenchArgs({ players: 1000, pogs: 100_000 });

/** From common (a word in about 5% of names and texts) to rare (a number) to absent, and a creator. */
const SEARCH_TERMS = ['blaze', 'nova tide', '4242', 'player_42', 'qqzx'];
const GOAL_P95_MS = 30;
const SORTS = ['recent', 'trending'] as const;
const pogs = args.pogs;

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
        console.log(describeExplain(`"${search}", ${sort}`, await explain(database, pogListStatement(database.db, query, await searchMatches(database.db, search)))));
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
