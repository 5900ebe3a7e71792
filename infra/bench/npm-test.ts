/**
 * `npm test` as a newcomer runs it (no services: the TEST_* variables are dropped): wall seconds and
 * the CPU seconds of its whole process tree (vitest, the apps and browsers the tests start, also
 * Chromium's helpers that leave the tree when their launcher exits: /proc is sampled every 200 ms).
 * Baseline: the `npm test` of `--baseline REV` (653b2f3 unless given) in its own tree, run in turn
 * with this one's (goal: at most 1.25 times its wall).
 * Arguments after `--` go to `npm test` (e.g. one file, for a quick check of this script).
 */
import { spawn } from 'node:child_process';
import { baselineTree } from './baseline-tree';
import { allStats, cleanEnv, processTree, repoRoot } from './processes';
import { options, runBenchmark } from './rounds';

const { values, positionals } = options({ rounds: '1', baseline: '653b2f3' }, true);

async function npmTest(cwd = repoRoot) {
  const started = performance.now();
  const child = spawn('npm', ['test', ...(positionals.length ? ['--', ...positionals] : [])], { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Every process once seen under npm counts (by pid and start time), with its last CPU reading.
  const seen = new Map<string, number>();
  const sample = () => {
    const stats = allStats();
    const tree = new Set(processTree(child.pid!, stats));
    for (const stat of stats) if (tree.has(stat.pid) || seen.has(stat.key)) seen.set(stat.key, stat.cpuMs);
  };
  const timer = setInterval(sample, 200);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearInterval(timer);
  const closing = output.split('\n').findLast((line) => /\d+ passed, \d+ failed/.test(line)) ?? '(no closing line)';
  console.log(`  npm test exited ${code}: ${closing.trim()}`);
  const [passed, failed] = (/(\d+) passed, (\d+) failed/.exec(closing) ?? ['', '0', '-1']).slice(1).map(Number);
  return { 'wall s': (performance.now() - started) / 1000, 'CPU s': [...seen.values()].reduce((a, b) => a + b, 0) / 1000, passed: passed!, failed: failed! };
}

runBenchmark(values.rounds, async (defer) => {
  const baseline = baselineTree(values.baseline, defer)!;
  const label = `npm test, baseline ${baseline.revision}`;
  return {
    subjects: [{ label, run: () => npmTest(baseline.root) }, { label: 'npm test', run: () => npmTest() }],
    goals: [{ subject: 'npm test', figure: 'wall s', ratioTo: label, atMost: 1.25 }],
  };
});
