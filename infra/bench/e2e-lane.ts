/**
 * The browser lane of `npm test` (vitest's e2e project), measured by the CPU it costs: wall seconds,
 * CPU seconds of the whole process tree by kind (Chromium's browser, renderer and GPU processes, the
 * apps the tests start, vitest) and the tests' results, per run.
 *
 *   npx tsx infra/bench/e2e-lane.ts [--rounds 3] [--before REV] [--no-warmup] [-- FILE...]
 *
 * --before REV runs the lane of that revision too (a `git archive` of it beside this tree, see
 * ./baseline-tree.ts), interleaved with this tree's (A, B, B, A...), so that both see the same load.
 * Each tree first runs one small file unmeasured, which builds web/dist, the app bundle and the PGlite
 * template it needs. FILE... runs only those browser files (paths from the repo root).
 * On a shared machine compare the CPU seconds: the wall time moves with the other work.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBaselineTree } from './baseline-tree';
import { describeLoad, runBenchmark } from './machine';
import { repoRoot } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';
import { laneFigures, runVitestLane, type LaneReport } from './vitest-lane';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    before: { type: 'string' },
    'no-warmup': { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const WARMUP_FILE = 'web/e2e/achievements.test.ts';

/** The run's failed tests with the start of their message, and its slowest files. */
function describeReport(report: LaneReport, root: string): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'passed') lines.push(`    ${test.status}: ${path.relative(root, file.name)} > ${test.fullName ?? ''}: ${(test.failureMessages?.[0] ?? '').split('\n')[0]!.slice(0, 200)}`);
    }
  }
  const slowest = (report.testResults ?? [])
    .filter((file) => file.startTime && file.endTime)
    .map((file) => ({ name: path.relative(root, file.name), seconds: (file.endTime! - file.startTime!) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 6);
  lines.push(`    slowest files: ${slowest.map((file) => `${file.name.replace('web/e2e/', '')} ${file.seconds.toFixed(0)} s`).join(', ')}`);
  return lines;
}

/** One `vitest run --project e2e` in `root`: wall and CPU seconds by kind, passed and failed tests. */
async function runLane(root: string, files: string[]): Promise<Figures> {
  const run = await runVitestLane(root, ['--project', 'e2e', ...files], { ...process.env, E2E_REQUIRED: '1' });
  const figures: Figures = { wall_s: run.wallSeconds };
  for (const [kind, seconds] of [...run.cpuByKind].sort((a, b) => b[1] - a[1])) figures[`cpu_${kind.replaceAll(' ', '_')}_s`] = seconds;
  Object.assign(figures, laneFigures(run));
  if (run.report) console.log(describeReport(run.report, root).join('\n'));
  return figures;
}

runBenchmark(async () => {
  const baseline = values.before ? prepareBaselineTree(values.before) : undefined;
  try {
    const subjects = [
      ...(baseline ? [{ label: `before (${baseline.revision})`, root: baseline.root }] : []),
      { label: 'this tree', root: repoRoot },
    ];
    if (!values['no-warmup']) {
      for (const subject of subjects) {
        const warm = await runLane(subject.root, [WARMUP_FILE]);
        console.log(`warm-up of ${subject.label}: ${warm.passed} passed, ${warm.failed} failed   [${describeLoad()}]`);
      }
    }
    console.log(`${ROUNDS} round(s) of the browser lane${positionals.length ? ` (${positionals.join(' ')})` : ''}:`);
    const result = await interleave(
      subjects.map((subject) => ({ label: subject.label, run: () => runLane(subject.root, positionals) })),
      ROUNDS,
    );
    printSummary(result);
    if (baseline) {
      for (const figure of ['wall_s', 'cpu_total_s']) {
        console.log(`median ratio this tree / before, ${figure}: ${medianRatio(result, 'this tree', subjects[0]!.label, figure).toFixed(2)}`);
      }
    }
  } finally {
    baseline?.remove();
  }
});
