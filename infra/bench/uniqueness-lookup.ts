/**
 * Issue 3's similarity search: latency of `findSimilarImages` (multi-index hashing over the four
 * indexed 16-bit chunk columns) with 100,000 image hashes in PostgreSQL. Goal: p95 <= 20 ms.
 *
 *   npx tsx infra/bench/uniqueness-lookup.ts [--pogs 100000] [--lookups 500]
 *
 * The hashes are random 64-bit values plus clusters of near-duplicates (a centre and variants 1..11
 * bits away), so near-duplicate lookups have real matches to find. Half the lookups are fresh
 * random hashes (candidates only by chance), half lie near a cluster centre. Lookups run one after
 * another through the app's own pool, as the worker makes them. Also prints EXPLAIN (ANALYZE,
 * BUFFERS) of one lookup. Needs PostgreSQL at 127.0.0.1:5432; a scratch database is created and
 * dropped.
 */
import { parseArgs } from 'node:util';
import { EXACT_SEARCH_DISTANCE } from '@pog/common';
import { findSimilarImages, similarImagesQuery } from '@pog/common/server';
import { percentile } from './load';
import { describeLoad, describeMachine } from './machine';
import { createScratchDatabase, seededRandom, seedPogs, seedUsers } from './scratch-db';

const { values } = parseArgs({ options: { pogs: { type: 'string', default: '100000' }, lookups: { type: 'string', default: '500' } } });
const POGS = Math.min(1_000_000, Number(values.pogs));
const LOOKUPS = Math.min(5_000, Number(values.lookups));
const WARMUP_LOOKUPS = 50;
const CLUSTERS = Math.floor(POGS / 100);
const VARIANTS_PER_CLUSTER = 10;
const GOAL_P95_MS = 20;

const random = seededRandom(20240601);
const word32 = () => Math.floor(random() * 2 ** 32);
const randomHash = () => [word32(), word32()].map((w) => w.toString(16).padStart(8, '0')).join('');

/** `hex` with `count` distinct random bits flipped. */
function flipBits(hex: string, count: number): string {
  let value = BigInt(`0x${hex}`);
  const bits = new Set<number>();
  while (bits.size < count) bits.add(Math.floor(random() * 64));
  for (const bit of bits) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

const randomDistance = () => 1 + Math.floor(random() * EXACT_SEARCH_DISTANCE);

function corpus(): { hashes: string[]; centres: string[] } {
  const centres = Array.from({ length: CLUSTERS }, randomHash);
  const hashes = centres.flatMap((centre) => [centre, ...Array.from({ length: VARIANTS_PER_CLUSTER }, () => flipBits(centre, randomDistance()))]);
  while (hashes.length < POGS) hashes.push(randomHash());
  // Shuffled so clusters are not stored side by side (they would share heap pages).
  for (let i = hashes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [hashes[i], hashes[j]] = [hashes[j]!, hashes[i]!];
  }
  return { hashes: hashes.slice(0, POGS), centres };
}

function summary(label: string, samples: number[], found: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const meanFound = found.reduce((sum, n) => sum + n, 0) / Math.max(1, found.length);
  const f = (n: number) => n.toFixed(2);
  return `  ${label.padEnd(16)} ${String(samples.length).padStart(4)} lookups: p50 ${f(percentile(sorted, 50))} ms  p95 ${f(percentile(sorted, 95))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? 0)} ms  (mean ${meanFound.toFixed(1)} matches)`;
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  const scratch = await createScratchDatabase('similar');
  try {
    const { hashes, centres } = corpus();
    const seedStarted = performance.now();
    const userIds = await seedUsers(scratch.client, 1_000);
    await seedPogs(scratch.client, { userIds, hashes });
    console.log(`PostgreSQL ${scratch.name}: ${hashes.length.toLocaleString('en')} POGs with image hashes (${CLUSTERS} clusters of ${VARIANTS_PER_CLUSTER + 1} near-duplicates), seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const queries = Array.from({ length: WARMUP_LOOKUPS + LOOKUPS }, (_, i) =>
      i % 2 === 0 ? { kind: 'random', hash: randomHash() } : { kind: 'near-duplicate', hash: flipBits(centres[Math.floor(random() * centres.length)]!, Math.floor(random() * (EXACT_SEARCH_DISTANCE + 1))) },
    );
    const results: { kind: string; ms: number; found: number }[] = [];
    for (const [i, query] of queries.entries()) {
      const started = performance.now();
      const similar = await findSimilarImages(scratch.database.db, query.hash);
      const ms = performance.now() - started;
      if (i >= WARMUP_LOOKUPS) results.push({ kind: query.kind, ms, found: similar.length });
    }

    const of = (kind?: string) => results.filter((r) => !kind || r.kind === kind);
    console.log(`findSimilarImages, sequential, after ${WARMUP_LOOKUPS} warm-up lookups (every image within ${EXACT_SEARCH_DISTANCE} bits):`);
    for (const kind of ['random', 'near-duplicate', undefined]) {
      const rows = of(kind);
      console.log(summary(kind ?? 'all', rows.map((r) => r.ms), rows.map((r) => r.found)));
    }
    const p95 = percentile(of().map((r) => r.ms).sort((a, b) => a - b), 95);
    console.log(`goal p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`);

    const example = similarImagesQuery(scratch.database.db, flipBits(centres[0]!, 3)).toSQL();
    const plan = await scratch.client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${example.sql}`, example.params);
    console.log('EXPLAIN (ANALYZE, BUFFERS) of one near-duplicate lookup:');
    // The probe arrays (137 values each) would drown the plan: shown by their size.
    const shortArrays = (line: string) => line.replace(/'\{[\d,]+\}'/g, (array) => `'{${array.split(',').length} values}'`);
    for (const row of plan.rows) console.log(`  ${shortArrays(row['QUERY PLAN'])}`);
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
