/**
 * `npm test`'s unit+server lane (the unit, components and server projects) with no services, baseline
 * against this checkout, interleaved (A, B, A, B...): wall seconds, CPU seconds (the lane's whole
 * process tree: vitest, its workers, the apps and tools the tests start; ./vitest-lane.ts) and the
 * tests that passed, failed and were skipped. The machine is shared, so CPU seconds compare better than wall time.
 *
 *   npx tsx infra/bench/test-lane.ts --baseline b1a516b --rounds 2
 *
 * The baseline is a `git archive` of the revision (./baseline-tree); it gets a copy of this
 * checkout's PGlite templates (built for the same migrations) so that neither side builds one in a
 * round, and `--warmup` runs (default 1: its app bundle, vitest's caches) that are not counted.
 */
import { parseArgs } from 'node:util';
import { copyPgliteTemplates, prepareBaselineTree } from './baseline-tree';
import { runBenchmark } from './machine';
import { envWithoutTestServices, repoRoot } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';
import { laneFigures, runVitestLane } from './vitest-lane';

const LANE = ['--project', 'unit', '--project', 'components', '--project', 'server'];

/** One run of the lane in `root`, with no TEST_* variables (the README's plain `npm test`). */
async function runLane(root: string): Promise<Figures> {
  return laneFigures(await runVitestLane(root, LANE, envWithoutTestServices()));
}

runBenchmark(async () => {
  const { values } = parseArgs({ options: { baseline: { type: 'string' }, rounds: { type: 'string', default: '2' }, warmup: { type: 'string', default: '1' } } });
  if (!values.baseline) throw new Error('--baseline <revision> is required');
  const baseline = prepareBaselineTree(values.baseline);
  try {
    copyPgliteTemplates(baseline.root);
    for (let run = 1; run <= Number(values.warmup); run++) {
      console.log(`warm-up ${run}: baseline ${baseline.revision}`);
      await runLane(baseline.root);
    }
    const result = await interleave(
      [
        { label: `baseline ${baseline.revision}`, run: () => runLane(baseline.root) },
        { label: 'this checkout', run: () => runLane(repoRoot) },
      ],
      Number(values.rounds),
    );
    printSummary(result);
    for (const figure of ['wall_s', 'cpu_total_s']) console.log(`median ratio this checkout / baseline, ${figure}: ${medianRatio(result, 'this checkout', `baseline ${baseline.revision}`, figure).toFixed(2)}`);
  } finally {
    baseline.remove();
  }
});
