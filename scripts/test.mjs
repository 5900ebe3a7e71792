#!/usr/bin/env node
// `npm test`: one `vitest run` of every project (vitest.config.ts), then a summary CI reads at the
// end of the output: the suites that were skipped and why, the slowest test files, the failed tests
// and the plain closing line "N passed, N failed, N skipped". With real services switched on
// (E2E_REQUIRED=1 or CI_STRICT=1, as .ci/run sets) a skip counts as a failure.
// Any arguments (files, --project, -t ...) are passed to vitest.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, '.test-data');
mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, 'results.json');
rmSync(outFile, { force: true });

const started = Date.now();
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${outFile}`, ...process.argv.slice(2)];
const child = spawn('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });
const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
const wallSeconds = (Date.now() - started) / 1000;

let passed = 0;
let failed = 0;
let skipped = 0;
const skippedTitles = [];
/** Each failed test with the first line of its message, repeated at the end where CI's tail shows it. */
const failures = [];
/** Each file's own time (its tests and hooks), for the list of the slowest. */
const fileTimes = [];
try {
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    if (file.startTime && file.endTime) fileTimes.push({ name, seconds: (file.endTime - file.startTime) / 1000 });
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') passed++;
      else if (t.status === 'failed') {
        failed++;
        const message = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
        failures.push(`${name}: ${t.fullName ?? t.title}${message ? `\n      ${message}` : ''}`);
      } else {
        skipped++;
        skippedTitles.push(`${name}: ${t.fullName ?? t.title}`);
      }
    }
    // A file that failed to load has no assertions but is a failure all the same.
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      failed++;
      failures.push(`${name}: did not load${file.message ? `\n      ${String(file.message).split('\n')[0].slice(0, 200)}` : ''}`);
    }
  }
} catch (error) {
  console.error(`Could not read the test report: ${error.message}`);
  failed++;
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
console.log(`\nThe run took ${wallSeconds.toFixed(0)} s.`);
if (fileTimes.length > 0) {
  console.log(`Slowest test files (of ${fileTimes.length}):`);
  for (const file of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);
}

if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const failure of failures) console.log(`  - ${failure}`);
}

// Exit once everything above is written: stdout into a pipe is written asynchronously, and exiting at
// once lost the end of the output, closing line included, when a program read it through a pipe.
const exitCode = failed > 0 || status !== 0 ? 1 : 0;
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`, () => process.exit(exitCode));
