#!/usr/bin/env node
// `npm test`: runs every vitest project, then names every suite that was skipped and why, lists the
// slowest test files, and prints the plain closing line CI reads ("N passed, N failed, N skipped").
// With real services switched on (TEST_DATABASE_URL, TEST_REDIS_URL, E2E_REQUIRED=1) a skip is a failure.
//
// With no arguments it runs two vitest processes side by side, so the browser tests (mostly waiting on
// the app and Chromium) overlap the CPU-bound unit and server tests instead of following them:
//   - "unit+server": the unit, components and server projects;
//   - "e2e": the browser tests, E2E_WORKERS files at a time (default 3), longest first (see vitest.config.ts).
// TEST_LANES=serial runs the two one after the other (.ci/run does, with E2E_WORKERS=1: with real
// services the server lane is three times the work, and overlapping it with browsers on two cores
// made browser tests' waits time out).
// Any arguments (files, --project, -t ...) are passed to one vitest run instead, as before.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, '.test-data');
mkdirSync(outDir, { recursive: true });

/**
 * The tests' temporary files (TMPDIR for every process of the run) in memory when /dev/shm has room,
 * unless the caller chose a TMPDIR: each browser test's app starts from a copy of the 40 MB PGlite
 * template and keeps its database there, the browsers keep their profiles there, and on this machine's
 * disk (ext4) copying the template alone cost 0.5 CPU seconds of kernel time a copy, in memory 0.05.
 * The folder goes when the run ends, with whatever a test left behind in it.
 */
function memoryTempDir() {
  if (process.env.TMPDIR) return undefined;
  try {
    // A run that was killed before it could clean up left its folder (named after its pid): removed here.
    for (const name of readdirSync('/dev/shm')) {
      const pid = /^pog-test-(\d+)-/.exec(name)?.[1];
      if (pid && !isRunning(Number(pid))) rmSync(path.join('/dev/shm', name), { recursive: true, force: true });
    }
    const shm = statfsSync('/dev/shm');
    if (shm.bavail * shm.bsize < 4 * 1024 ** 3) return undefined;
    return mkdtempSync(`/dev/shm/pog-test-${process.pid}-`);
  } catch {
    return undefined;
  }
}
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
const tempDir = memoryTempDir();
if (tempDir) {
  process.on('exit', () => rmSync(tempDir, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));
}

/** .ci/run's mode: the lanes one after the other. */
const SERIAL = process.env.TEST_LANES === 'serial';
const extra = process.argv.slice(2);
const lanes = extra.length > 0 ? [{ name: 'vitest', args: extra }] : [
  { name: 'unit+server', args: ['--project', 'unit', '--project', 'components', '--project', 'server'] },
  { name: 'e2e', args: ['--project', 'e2e'] },
];

/**
 * CPU seconds (user + system) of this process's finished children and everything they waited for:
 * vitest, its workers and the apps the tests start. Linux only (null elsewhere). A lower bound: a
 * process that outlives its parent (some of Chromium's helpers) is not counted. On a busy machine
 * this, not the wall time, is what compares two runs of the same code.
 */
function childrenCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // After "pid (comm)": state is field 3, cutime 16 and cstime 17 (man 5 proc), in clock ticks (100 a second here).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One vitest process; with several, their lines are prefixed so each can be followed. */
function runLane(lane) {
  const outFile = path.join(outDir, `results-${lane.name.replace(/\W+/g, "-")}.json`);
  rmSync(outFile, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${outFile}`, ...lane.args];
  const started = Date.now();
  const alone = lanes.length === 1;
  const env = { ...process.env, NODE_ENV: 'test', ...(tempDir ? { TMPDIR: tempDir } : {}) };
  // Piped output is not a terminal, so vitest would drop its colours (and its live status area, which two processes would garble).
  if (!alone && process.stdout.isTTY && !env.NO_COLOR) env.FORCE_COLOR ??= '1';
  const child = spawn('npx', args, { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
  if (!alone) {
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`[${lane.name}] ${line}\n`));
    }
  }
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ ...lane, outFile, status: code ?? 1, seconds: (Date.now() - started) / 1000, cpuAtEnd: childrenCpuSeconds() })),
  );
}

const started = Date.now();
const results = [];
if (SERIAL) for (const lane of lanes) results.push(await runLane(lane));
else results.push(...(await Promise.all(lanes.map(runLane))));
const wallSeconds = (Date.now() - started) / 1000;

let passed = 0;
let failed = 0;
let skipped = 0;
const skippedTitles = [];
/** Each failed test with the first line of its message, repeated at the end where CI's tail shows it. */
const failures = [];
/** Each file's own time (its tests and hooks), for the list of the slowest. */
const fileTimes = [];
for (const lane of results) {
  try {
    const report = JSON.parse(readFileSync(lane.outFile, 'utf8'));
    for (const file of report.testResults ?? []) {
      if (file.startTime && file.endTime) fileTimes.push({ name: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'passed') passed++;
        else if (t.status === 'failed') {
          failed++;
          const message = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
          failures.push(`${path.relative(root, file.name)}: ${t.fullName ?? t.title}${message ? `\n      ${message}` : ''}`);
        }
        else {
          skipped++;
          skippedTitles.push(`${path.relative(root, file.name)}: ${t.fullName ?? t.title}`);
        }
      }
      // A file that failed to load has no assertions but is a failure all the same.
      if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
        failed++;
        failures.push(`${path.relative(root, file.name)}: did not load${file.message ? `\n      ${String(file.message).split('\n')[0].slice(0, 200)}` : ''}`);
      }
    }
  } catch (error) {
    console.error(`Could not read the test report of ${lane.name}: ${error.message}`);
    failed++;
  }
}

const strict = process.env.E2E_REQUIRED === '1' || process.env.CI_STRICT === '1';
if (skippedTitles.length > 0) {
  console.log(`\nSkipped (${skippedTitles.length}), because a real service was not configured:`);
  const bySuite = new Map();
  for (const title of skippedTitles) {
    const suite = title.replace(/ > [^>]*$/, '');
    bySuite.set(suite, (bySuite.get(suite) ?? 0) + 1);
  }
  for (const [suite, n] of bySuite) console.log(`  - ${suite} (${n})`);
  if (strict) {
    console.log('Real services are switched on, so nothing may be skipped: counting the skips as failures.');
    failed += skippedTitles.length;
  }
}

const SLOWEST = 10;
// Each lane's CPU is what the children's total grew by when it ended (lanes end one after the other).
const cpu = childrenCpuSeconds();
let cpuBefore = 0;
const laneCpu = new Map();
for (const lane of [...results].sort((a, b) => a.seconds - b.seconds)) {
  if (lane.cpuAtEnd === null) break;
  laneCpu.set(lane.name, lane.cpuAtEnd - cpuBefore);
  cpuBefore = lane.cpuAtEnd;
}
const laneTimes = results.length > 1
  ? ` (${SERIAL ? 'one after the other' : 'side by side'}: ${results.map((lane) => `${lane.name} ${lane.seconds.toFixed(0)} s${laneCpu.has(lane.name) ? ` using ${laneCpu.get(lane.name).toFixed(0)} CPU s` : ''}`).join(', ')})`
  : '';
const cpuText = cpu === null ? '' : `, ${cpu.toFixed(0)} CPU seconds in all, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end`;
console.log(`\nThe run took ${wallSeconds.toFixed(0)} s${laneTimes}${cpuText}.`);
if (fileTimes.length > 0) {
  const total = fileTimes.reduce((sum, file) => sum + file.seconds, 0);
  console.log(`Slowest test files (of ${fileTimes.length}; ${total.toFixed(0)} s in all${SERIAL ? '' : ', some side by side'}):`);
  for (const file of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);
}

if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const failure of failures) console.log(`  - ${failure}`);
}

// Exit once everything above is written: stdout into a pipe is written asynchronously, and exiting at
// once lost the end of the output, closing line included, when a program read it through a pipe.
const exitCode = failed > 0 || results.some((lane) => lane.status !== 0) ? 1 : 0;
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`, () => process.exit(exitCode));
