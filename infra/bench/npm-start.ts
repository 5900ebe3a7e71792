/**
 * `npm start` on empty data, as a newcomer runs it (no variables but a port and an empty DATA_DIR):
 * seconds from the command to the first 200 on /healthz, and the resident memory of its whole process
 * tree (npm, the start script, the app) once healthy and after --idle seconds without a request.
 * Baseline: the bare Koa hello-world (hello-koa.ts, under tsx as the app) started and read the same
 * way, in the same rounds; with --baseline REV, `npm start` in that revision's tree instead. The web
 * app is built before the rounds, in each tree (a stale build would be timed).
 * Goals: healthy <= 5 s, memory <= 350 MB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { baselineTree } from './baseline-tree';
import { cleanEnv, HELLO_ARGS, processTree, rssMb, startServer } from './processes';
import { options, runBenchmark } from './rounds';

const { values } = options({ idle: '30', baseline: '' });
const IDLE_S = Number(values.idle);

async function startAndWatch(name: string, command: string, args: string[], root?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-start-'));
  const started = performance.now();
  const server = await startServer({ name, command, args, env: { ...cleanEnv(), DATA_DIR: dataDir }, root });
  try {
    const healthy = (performance.now() - started) / 1000;
    const atStart = rssMb(processTree(server.child.pid!));
    await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
    return { 'healthy s': healthy, 'MB at start': atStart, [`MB after ${IDLE_S} s idle`]: rssMb(processTree(server.child.pid!)) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBenchmark(values.rounds, async (defer) => {
  buildWebIfStale({ quiet: true });
  const baseline = baselineTree(values.baseline, defer);
  if (baseline) {
    const web = (await import(path.join(baseline.root, 'scripts/web-build.mjs'))) as { buildWebIfStale: typeof buildWebIfStale };
    web.buildWebIfStale({ quiet: true });
  }
  const subjects = [
    baseline
      ? { label: `npm start, baseline ${baseline.revision}`, run: () => startAndWatch(`npm start (${baseline.revision})`, 'npm', ['start'], baseline.root) }
      : { label: 'bare Koa hello (baseline)', run: () => startAndWatch('hello-koa', process.execPath, HELLO_ARGS) },
    { label: 'npm start', run: () => startAndWatch('npm start', 'npm', ['start']) },
  ];
  const goals = [
    { subject: 'npm start', figure: 'healthy s', atMost: 5 },
    { subject: 'npm start', figure: 'MB at start', atMost: 350 },
    { subject: 'npm start', figure: `MB after ${IDLE_S} s idle`, atMost: 350 },
  ];
  return { subjects, goals };
});
