/**
 * The README's `npm test` as a newcomer runs it (issue 14 §5: 180 s or less with no services on a
 * quiet machine): wall seconds per run, CPU seconds of the whole process tree by kind (./tree-cpu.ts:
 * vitest, the apps the tests start, Chromium's processes, the tools the tests spawn), the closing
 * line, and how busy the machine's cores were every 10 s.
 *
 *   npx tsx infra/bench/npm-test.ts [--rounds 2] [--root DIR] [--baseline REV [--warmup 1]]
 *
 * The TEST_* variables are dropped, so the run has no services whatever the shell has set. Without
 * --baseline, the rounds run in `--root` (default this checkout); the first round in a fresh clone is
 * the cold one (web build, app bundle and PGlite template made in the run). With --baseline, that
 * revision (a `git archive` of it, ./baseline-tree.ts) and this checkout run interleaved, after
 * `--warmup` unmeasured runs of each, so that both are warm and see the same load.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { copyPgliteTemplates, prepareBaselineTree } from './baseline-tree';
import { coreTicks, describeSpeed, runBenchmark } from './machine';
import { envWithoutTestServices, repoRoot } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';
import { sampleTree } from './tree-cpu';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    root: { type: 'string', default: repoRoot },
    baseline: { type: 'string' },
    warmup: { type: 'string', default: '1' },
  },
});

/** One `npm test` in `root`: its figures, and its details printed under `label`. */
async function runNpmTest(root: string, label: string): Promise<Figures> {
  const started = performance.now();
  const child = spawn('npm', ['test'], { cwd: root, env: envWithoutTestServices(), stdio: ['ignore', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
  const sampler = sampleTree(child.pid!);
  const busy: string[] = [];
  let last = coreTicks();
  const timer = setInterval(() => {
    const now = coreTicks();
    busy.push(`${Math.round((100 * (now.busy - last.busy)) / Math.max(1, now.total - last.total))}%`);
    last = now;
  }, 10_000);
  // 'close', not 'exit': the closing lines may still be in the pipe when the process exits.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearInterval(timer);
  sampler.stop();
  const wall = (performance.now() - started) / 1000;
  const totals = [...sampler.totals()].sort((a, b) => b[1].seconds - a[1].seconds);
  const cpu = totals.reduce((sum, [, { seconds }]) => sum + seconds, 0);
  const lines = Buffer.concat(chunks).toString().split('\n');
  const closing = lines.findLast((line) => /^\d+ passed, \d+ failed/.test(line));
  console.log(`${label}: wall ${wall.toFixed(0)} s, CPU ${cpu.toFixed(0)} s, exit ${code}`);
  for (const line of lines.filter((line) => line.startsWith('The run took'))) console.log(`  ${line}`);
  console.log(`  ${closing ?? `(no closing line; the output ended with: ${lines.slice(-3).join(' | ')})`}`);
  for (const [kind, { seconds, processes }] of totals) console.log(`  ${kind.padEnd(26)} ${seconds.toFixed(1).padStart(6)} CPU s  ${processes} process(es)`);
  console.log(`  cores busy per 10 s: ${busy.join(' ')}`);
  const [passed, failed] = (closing?.match(/\d+/g) ?? ['0', '-1']).map(Number);
  return { wall_s: wall, cpu_total_s: cpu, passed: passed!, failed: failed! };
}

runBenchmark(async () => {
  console.log(describeSpeed());
  const rounds = Number(values.rounds);
  if (!values.baseline) {
    for (let round = 1; round <= rounds; round++) await runNpmTest(values.root, `round ${round}`);
    return;
  }
  const baseline = prepareBaselineTree(values.baseline);
  try {
    copyPgliteTemplates(baseline.root);
    const subjects = [
      { label: `baseline ${baseline.revision}`, root: baseline.root },
      { label: 'this checkout', root: repoRoot },
    ];
    for (let run = 1; run <= Number(values.warmup); run++) {
      for (const subject of subjects) await runNpmTest(subject.root, `warm-up ${run}, ${subject.label}`);
    }
    const result = await interleave(
      subjects.map((subject) => ({ label: subject.label, run: (round: number) => runNpmTest(subject.root, `round ${round}, ${subject.label}`) })),
      rounds,
    );
    printSummary(result);
    for (const figure of ['wall_s', 'cpu_total_s']) console.log(`median ratio this checkout / baseline, ${figure}: ${medianRatio(result, 'this checkout', subjects[0]!.label, figure).toFixed(2)}`);
  } finally {
    baseline.remove();
  }
});
