/**
 * One browser test's app from spawn to its first 200 on /healthz, as web/e2e/harness.ts starts it:
 * the bundled `e2e-entry.js` (with the IPC channel it requires), its DATA_DIR a fresh copy of the
 * migrated PGlite template. Figures per start: wall seconds to healthy, the process's CPU seconds
 * then, and three seconds later (the work a start leaves running in the background). Node's default
 * flags and `--flags` take turns (interleaved), so both see the same load.
 *
 *   npx tsx infra/bench/app-start.ts [--flags '--liftoff-only'] [--rounds 6]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAppBundle } from '../../gateway/src/testing/app-bundle';
import { seedPgliteDataDir } from '../../gateway/src/testing/pglite-template';
import { processCpuMs } from './cpu-time';
import { runBenchmark } from './machine';
import { freePort, repoRoot } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';

const { values } = parseArgs({
  options: {
    flags: { type: 'string', default: '--liftoff-only' },
    rounds: { type: 'string', default: '6' },
  },
});
const HEALTHY_WITHIN_MS = 60_000;
const AFTERWARDS_MS = 3_000;

async function startOnce(entry: string, flags: string[]): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-app-start-'));
  await seedPgliteDataDir(dataDir);
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, entry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-password' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null || performance.now() - started > HEALTHY_WITHIN_MS) throw new Error(`the app (${flags.join(' ') || 'default flags'}) did not become healthy`);
      const status = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status, () => 0);
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const healthy_s = (performance.now() - started) / 1000;
    const cpu_s = (processCpuMs(child.pid!) ?? NaN) / 1000;
    await new Promise((resolve) => setTimeout(resolve, AFTERWARDS_MS));
    return { healthy_s, cpu_s, cpu_3s_later_s: (processCpuMs(child.pid!) ?? NaN) / 1000 };
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBenchmark(async () => {
  const entry = path.join(path.dirname(await buildAppBundle()), 'e2e-entry.js');
  const flags = values.flags.split(' ').filter(Boolean);
  const subjects = [
    { label: 'default flags', flags: [] },
    { label: flags.join(' '), flags },
  ];
  await startOnce(entry, []); // unmeasured: the first start after a build reads everything from disk
  const result = await interleave(
    subjects.map((subject) => ({ label: subject.label, run: () => startOnce(entry, subject.flags) })),
    Number(values.rounds),
  );
  printSummary(result);
  for (const figure of ['healthy_s', 'cpu_s']) console.log(`median ratio ${subjects[1]!.label} / default flags, ${figure}: ${medianRatio(result, subjects[1]!.label, 'default flags', figure).toFixed(2)}`);
});
