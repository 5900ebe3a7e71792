/**
 * `npm test` as a newcomer runs it (no services: the TEST_* variables are dropped): wall seconds and
 * the CPU seconds of its whole process tree (vitest, the apps and browsers the tests start, also
 * Chromium's helpers that leave the tree when their launcher exits: /proc is sampled every 200 ms).
 * Baseline: a fixed piece of work on one core (SHA-256 of 256 MiB, a loop), to compare machines by, or
 * with `--baseline REV` that revision's `npm test` in its own tree (goal: at most 1.25 times its wall).
 * Arguments after `--` go to `npm test` (e.g. one file, for a quick check of this script).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { baselineTree } from './baseline-tree';
import { allStats, cleanEnv, processTree, repoRoot } from './processes';
import { options, runBenchmark } from './rounds';

const { values, positionals } = options({ rounds: '1', baseline: '' }, true);

function speedProbe() {
  const block = Buffer.alloc(1024 * 1024, 7);
  let started = performance.now();
  const hash = createHash('sha256');
  for (let i = 0; i < 256; i++) hash.update(block);
  hash.digest();
  const hashMs = performance.now() - started;
  started = performance.now();
  let sum = 0;
  for (let i = 0; i < 50_000_000; i++) sum = (sum + i * 31) % 1_000_003;
  // The sum takes part in the result, so the loop cannot be left out.
  return { 'SHA-256 MiB/s': 256 / (hashMs / 1000), 'loop ms': performance.now() - started + (sum < 0 ? 1 : 0) };
}

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
  const baseline = baselineTree(values.baseline, defer);
  const label = baseline ? `npm test, baseline ${baseline.revision}` : 'one core, fixed work (baseline)';
  return {
    subjects: [{ label, run: baseline ? () => npmTest(baseline.root) : async () => speedProbe() }, { label: 'npm test', run: () => npmTest() }],
    goals: [baseline ? { subject: 'npm test', figure: 'wall s', ratioTo: label, atMost: 1.25 } : { subject: 'npm test', figure: 'wall s', atMost: 180 }],
  };
});
