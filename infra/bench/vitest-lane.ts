/**
 * One `vitest run` of some of `npm test`'s projects in a tree (this checkout or a baseline's), as the
 * lane benchmarks measure it (test-lane.ts, e2e-lane.ts): wall seconds, CPU seconds of the whole
 * process tree by kind (tree-cpu.ts: also Chromium's re-parented helpers) and vitest's JSON report.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figures } from './rounds';
import { sampleTree } from './tree-cpu';

export interface LaneReport {
  testResults?: Array<{ name: string; startTime?: number; endTime?: number; assertionResults?: Array<{ status: string; fullName?: string; failureMessages?: string[] }> }>;
}

export interface LaneRun {
  wallSeconds: number;
  /** CPU seconds by kind of process (tree-cpu.ts's classifyTestProcess). */
  cpuByKind: Map<string, number>;
  cpuSeconds: number;
  passed: number;
  /** Failed tests; -1 when vitest wrote no report. */
  failed: number;
  /** Skipped (or to-do) tests. */
  skipped: number;
  report: LaneReport | undefined;
}

/** Runs `vitest run --reporter=dot <args>` in `root` with `env` added to NODE_ENV=test. */
export async function runVitestLane(root: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<LaneRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-lane-'));
  const reportFile = path.join(dir, 'report.json');
  const started = performance.now();
  try {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${reportFile}`, ...args], {
      cwd: root,
      env: { ...env, NODE_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const sampler = sampleTree(child.pid!);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    sampler.stop();
    if (code !== 0) console.log(`  (vitest exited ${code} in ${root})`);
    const cpuByKind = new Map([...sampler.totals()].map(([kind, { seconds }]) => [kind, seconds]));
    let report: LaneReport | undefined;
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as LaneReport;
    } catch {
      report = undefined;
    }
    const statuses = (report?.testResults ?? []).flatMap((file) => file.assertionResults ?? []).map((test) => test.status);
    return {
      wallSeconds: (performance.now() - started) / 1000,
      cpuByKind,
      cpuSeconds: [...cpuByKind.values()].reduce((sum, seconds) => sum + seconds, 0),
      passed: statuses.filter((status) => status === 'passed').length,
      failed: report ? statuses.filter((status) => status === 'failed').length : -1,
      skipped: statuses.filter((status) => status !== 'passed' && status !== 'failed').length,
      report,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures both lane benchmarks print: wall, CPU in all, and the tests. */
export const laneFigures = (run: LaneRun): Figures => ({ wall_s: run.wallSeconds, cpu_total_s: run.cpuSeconds, passed: run.passed, failed: run.failed, skipped: run.skipped });
