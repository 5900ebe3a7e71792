/**
 * Issue 15 §3: the player lists behind Explore's creator filter, the Trade dialog and the challenge
 * form (`GET /api/users`) at 100,000 players and 1,000,000 POGs, on PostgreSQL and embedded (PGlite),
 * before and after: the code at `--baseline` and this checkout side by side on databases filled the
 * same way, loaded in turn (interleaved rounds) by wrk. Goal: p95 <= 20 ms.
 *
 *   npx tsx infra/bench/player-list.ts --baseline <rev> [--players 100000] [--pogs 1000000]
 *     [--rounds 3] [--duration 5] [--warmup 2] [--connections 4] [--db postgres,pglite]
 *
 * The same URLs go to both: the baseline ignores the parameters it does not know (it answers every
 * request with up to 1,000 players, counting the POG table each time), which is what its screens
 * loaded. EXPLAIN ANALYZE of the new statements is printed first (--rounds 0: only that).
 */
import { playerSearchCandidates, playerSearchWindowPage, publicUserListStatement, readRows, searchedPlayerPage, type Database, type PublicUserFilter } from '@pog/common/server';
import { listBenchArgs, runInterleaved, runListBenchmark } from './ab-run';
import { combineExplains, describeExplain, explain } from './explain';

/**
 * The statements of one page as the app runs them (`listPublicUsers`): for a search, the page read
 * from the first players in name order, and when they hold no whole page the candidates from the
 * trigram indexes (planned for all rows, as the app does), then the page among them or in name
 * order; their times added.
 */
async function explainList(database: Database, filter: PublicUserFilter) {
  const { db } = database;
  if (!filter.search) return { path: 'list', summary: await explain(database, publicUserListStatement(db, filter)) };
  const { path } = await searchedPlayerPage(db, filter);
  const steps = [await explain(database, playerSearchWindowPage(db, filter))];
  if (path !== 'window') {
    steps.push(await explain(database, playerSearchCandidates(db, filter)));
    const ids = (await readRows<{ id: number }>(db, playerSearchCandidates(db, filter))).map((row) => row.id);
    if (path === 'name order') steps.push(await explain(database, publicUserListStatement(db, filter)));
    else if (ids.length > 0) steps.push(await explain(database, publicUserListStatement(db, filter, ids)));
  }
  const summary = combineExplains(steps);

  return { path, summary };
}

const args = listBenchArgs({ players: 100_000, pogs: 1_000_000 });

/** A word (about 5% of players), a number (a few usernames), a pair of words, and nobody. */
const SEARCH_TERMS = ['ember', '4242', 'nova fal', 'qqzx'];
const GOAL_P95_MS = 20;
const players = args.players;
const pogs = args.pogs;

runListBenchmark({
  label: 'players',
  baselineRevision: args.baseline,
  players,
  pogs,
  kinds: args.kinds,
  async inspect(database, kind) {
    console.log(`\n${kind}: ${players.toLocaleString('en')} players, ${pogs.toLocaleString('en')} POGs; EXPLAIN ANALYZE (after):`);
    const now = new Date();
    const cases: Array<[string, PublicUserFilter]> = [
      ['holding, page 1', { holding: true }],
      ['can be challenged, page 1', { challengeableAt: now }],
      ...SEARCH_TERMS.map((search): [string, PublicUserFilter] => [`holding, "${search}"`, { holding: true, search }]),
      ['can be challenged, "ember"', { challengeableAt: now, search: 'ember' }],
    ];
    for (const [label, filter] of cases) {
      const { path, summary } = await explainList(database, filter);
      console.log(describeExplain(`${label} (${path})`, summary));
    }
  },
  async load(sides, kind) {
    const search = (flag: string) => SEARCH_TERMS.map((term) => `/api/users?${flag}&search=${encodeURIComponent(term)}`);
    await runInterleaved(
      `${kind}, GET /api/users at ${players.toLocaleString('en')} players and ${pogs.toLocaleString('en')} POGs`,
      sides,
      [
        { label: 'page 1 (Explore, Trade)', paths: ['/api/users?holding=1'], goalP95Ms: GOAL_P95_MS },
        { label: 'opponents, page 1', paths: ['/api/users?canBeChallenged=1'], goalP95Ms: GOAL_P95_MS },
        { label: 'search (4 terms x 2 lists)', paths: [...search('holding=1'), ...search('canBeChallenged=1')], goalP95Ms: GOAL_P95_MS },
      ],
      args.load,
    );
  },
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
