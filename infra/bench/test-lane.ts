/**
 * `npm test`'s unit+server lane (the unit, components and server projects) with no services, baseline
 * against this checkout, interleaved (A, B, A, B...): wall seconds, CPU seconds (the lane's processes
 * and everything they waited for: vitest, its workers, the apps and tools the tests start) and the
 * tests that passed and failed. The machine is shared, so CPU seconds compare better than wall time.
 *
 *   npx tsx infra/bench/test-lane.ts --baseline b1a516b --rounds 2
 *
 * The baseline is a `git archive` of the revision (./baseline-tree); it gets a copy of this
 * checkout's PGlite templates (built for the same migrations) so that neither side builds one in a
 * round, and `--warmup` runs (default 1: its app bundle, vitest's caches) that are not counted.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBaselineTree } from './baseline-tree';
import { runBenchmark } from './machine';
import { repoRoot } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';

const LANE = ['--project', 'unit', '--project', 'components', '--project', 'server'];

/** CPU seconds of this process's waited-for children and their descendants (man 5 proc: cutime, cstime, 100 ticks a second). */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One run of the lane in `root`, with no TEST_* variables (the README's plain `npm test`). */
async function runLane(root: string, report: string): Promise<Figures> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  for (const name of Object.keys(env)) if (name.startsWith('TEST_')) delete env[name];
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...LANE], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('close', resolve);
  });
  const wall = (performance.now() - started) / 1000;
  const cpu = childrenCpuSeconds() - cpuBefore;
  const results = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number }) : { numPassedTests: 0, numFailedTests: -1 };
  if (code !== 0) console.log(`  (vitest exited ${code} in ${root})`);
  return { 'wall s': wall, 'CPU s': cpu, passed: results.numPassedTests, failed: results.numFailedTests };
}

runBenchmark(async () => {
  const { values } = parseArgs({ options: { baseline: { type: 'string' }, rounds: { type: 'string', default: '2' }, warmup: { type: 'string', default: '1' } } });
  if (!values.baseline) throw new Error('--baseline <revision> is required');
  const baseline = prepareBaselineTree(values.baseline);
  try {
    const dataDir = path.join(repoRoot, '.test-data');
    mkdirSync(path.join(baseline.root, '.test-data'), { recursive: true });
    for (const entry of existsSync(dataDir) ? readdirSync(dataDir) : []) {
      if (/^pglite-[0-9a-f]+$/.test(entry)) cpSync(path.join(dataDir, entry), path.join(baseline.root, '.test-data', entry), { recursive: true });
    }
    const report = (label: string, round: number) => path.join(os.tmpdir(), `pog-test-lane-${process.pid}-${label}-${round}.json`);
    for (let run = 1; run <= Number(values.warmup); run++) {
      console.log(`warm-up ${run}: baseline ${baseline.revision}`);
      await runLane(baseline.root, report('warmup', run));
    }
    const result = await interleave(
      [
        { label: `baseline ${baseline.revision}`, run: (round) => runLane(baseline.root, report('baseline', round)) },
        { label: 'this checkout', run: (round) => runLane(repoRoot, report('subject', round)) },
      ],
      Number(values.rounds),
    );
    printSummary(result);
    for (const figure of ['wall s', 'CPU s']) console.log(`median ratio this checkout / baseline, ${figure}: ${medianRatio(result, 'this checkout', `baseline ${baseline.revision}`, figure).toFixed(2)}`);
  } finally {
    baseline.remove();
  }
});
