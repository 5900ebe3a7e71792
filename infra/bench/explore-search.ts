/**
 * Explore's search at --pogs POGs (default 100,000, among --players players): `GET /api/pogs` with
 * the term typed so far, one person typing (a search every 300 ms) and 50 people at once, on
 * PostgreSQL and embedded; baseline: the same typing on the list without a search (search-load.ts).
 * The terms run from 1 to 30 characters: words thousands of POGs have, names, a creator's username,
 * numbers, and nothing anyone named. Goal: search p95 <= 30 ms on PostgreSQL, <= 50 ms embedded.
 */
import { runSearchBenchmark } from './search-load';

runSearchBenchmark({
  list: '/api/pogs?sort=trending&limit=24',
  texts: ['blaze comet', 'thunder crystal phantom vortex', 'nova tide 4242', 'emberfalcon42', 'qqzx the pog nobody ever named'],
  goalP95Ms: { postgres: 30, pglite: 50 },
  sizes: { players: 20_000, pogs: 100_000 },
});
