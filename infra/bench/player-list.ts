/**
 * The player search of the Trade dialog and Explore's creator filter at --players players (default
 * 100,000, holding --pogs POGs): `GET /api/users?holding=1` with the term typed so far, one person
 * typing (a search every 300 ms) and 50 people at once, on PostgreSQL and embedded; baseline: the
 * same typing on the list without a search (search-load.ts). The terms run from 1 to 30 characters:
 * words thousands of names have, a username, numbers, and nobody's name. Goal: search p95 <= 20 ms.
 */
import { runSearchBenchmark } from './search-load';

runSearchBenchmark({
  list: '/api/users?holding=1',
  texts: ['ember falcon', 'thunder crystal phantom vortex', 'novacomet4242', 'nova fal', 'qqzx nobody is called this'],
  goalP95Ms: { postgres: 20, pglite: 20 },
  sizes: { players: 100_000, pogs: 500_000 },
});
