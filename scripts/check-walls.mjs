#!/usr/bin/env node
// The walls between packages, checked two ways:
//  1. manifests: every package imported by a package's files is named in that package's
//     package.json (tests and test helpers may also use the root's development tools);
//  2. probes: imports and globals each package must not use are written into a throwaway file in
//     that package, and the linter or the package's own type-check must refuse each one.
// Usage: node scripts/check-walls.mjs [--manifests-only]
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const PACKAGES = ['common', 'domain', 'gateway', 'worker', 'server', 'web'];
/** Packages whose code runs in the browser (or in both): no Node built-ins. */
const BROWSER_SAFE = new Set(['common', 'web']);
const rootDev = new Set(Object.keys(read('package.json').devDependencies ?? {}).concat(Object.keys(read('package.json').dependencies ?? {})));
/** Tests, test helpers and build configuration run in Node, with the root's development tools. */
const isTestFile = (file) => /\.test\.tsx?$|\/testing\/|\/e2e\/|\.config\.ts$/.test(file);

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`. */
const IMPORTS = /(?:^|\n)\s*(?:import\s+(?:type\s+)?[\w{*][^;]*?|export\s+(?:type\s+)?[{*][^;]*?)\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function checkManifests() {
  const problems = [];
  for (const pkg of PACKAGES) {
    const manifest = read(`${pkg}/package.json`);
    const own = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', `${pkg}/src`, `${pkg}/e2e`, `${pkg}/*.ts`], { cwd: root })
      .toString().split('\n').filter((f) => /\.(ts|tsx|mjs)$/.test(f));
    for (const file of files) {
      let text;
      try { text = readFileSync(path.join(root, file), 'utf8'); } catch { continue; }
      for (const match of text.matchAll(IMPORTS)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        const name = packageName(specifier);
        if (name === null) continue;
        if (specifier.startsWith('node:') || builtinModules.includes(name)) {
          if (BROWSER_SAFE.has(pkg) && !isTestFile(file)) problems.push(`${file}: imports ${specifier}, a Node built-in, in browser-safe code`);
          continue;
        }
        if (name === manifest.name || own.has(name)) continue;
        if (name.startsWith('@types/')) continue;
        if (isTestFile(file) && rootDev.has(name)) continue;
        problems.push(`${file}: imports ${specifier}, which ${pkg}/package.json does not list`);
      }
    }
  }
  return problems;
}

/** Each probe: where it is written, what it says, and which check must refuse it. */
const PROBES = [
  { pkg: 'common', code: "import { openDatabase } from '@pog/domain/db';\nexport const probe = openDatabase;", by: ['lint', 'manifest'] },
  { pkg: 'common', code: "import { openDatabase } from '../../domain/src/db/client';\nexport const probe = openDatabase;", by: ['lint'] },
  { pkg: 'common', code: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;", by: ['lint', 'types', 'manifest'] },
  { pkg: 'common', code: "import pg from 'pg';\nexport const probe = pg;", by: ['lint', 'manifest'] },
  { pkg: 'common', code: 'export const probe = () => window.location.href;', by: ['types'] },
  { pkg: 'common', code: 'export const probe = () => process.env.HOME;', by: ['types'] },
  { pkg: 'web', code: "import { createBullQueue } from '@pog/worker/queue';\nexport const probe = createBullQueue;", by: ['lint', 'manifest'] },
  { pkg: 'web', code: "import { createTrade } from '@pog/domain/trades';\nexport const probe = createTrade;", by: ['lint', 'manifest'] },
  { pkg: 'web', code: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;", by: ['lint', 'types', 'manifest'] },
  { pkg: 'web', code: 'export const probe = () => process.env.HOME;', by: ['types'] },
  { pkg: 'domain', code: "import { createApp } from '@pog/gateway';\nexport const probe = createApp;", by: ['lint', 'manifest'] },
  { pkg: 'domain', code: 'export const probe = () => window.location.href;', by: ['types'] },
  { pkg: 'gateway', code: "import { startWorker } from '@pog/worker';\nexport const probe = startWorker;", by: ['lint', 'manifest'] },
  { pkg: 'gateway', code: 'export const probe = () => document.title;', by: ['types'] },
  { pkg: 'worker', code: "import { startServer } from '@pog/server';\nexport const probe = startServer;", by: ['lint', 'manifest'] },
  { pkg: 'worker', code: "import { createApp } from '@pog/gateway/app';\nexport const probe = createApp;", by: ['lint', 'manifest'] },
];

const probeFile = (pkg) => path.join(root, pkg, 'src', `wall-probe-${process.pid}.ts`);

function refusedBy(check, probe) {
  const file = probeFile(probe.pkg);
  // A refusal counts only when it is the probe's: the wall's rule, or an error in the probe file.
  if (check === 'lint') {
    const run = spawnSync(path.join(root, 'node_modules/.bin/oxlint'), ['--deny-warnings', path.relative(root, file)], { cwd: root });
    return run.status !== 0 && run.stdout.toString().includes('no-restricted-imports');
  }
  if (check === 'types') {
    // One probe at a time: a probe importing `node:fs` brings Node's types into the whole package,
    // which would let another probe's `process` through.
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', `${probe.pkg}/tsconfig.json`, '--noEmit'], { cwd: root });
    return run.status !== 0 && run.stdout.toString().includes(path.basename(file));
  }
  return checkManifests().some((line) => line.startsWith(path.relative(root, file)));
}

const problems = checkManifests();
for (const line of problems) console.log(`manifest: ${line}`);
let failed = problems.length;
if (!process.argv.includes('--manifests-only')) {
  for (const probe of PROBES) {
    const file = probeFile(probe.pkg);
    writeFileSync(file, `${probe.code}\n`);
    try {
      for (const check of probe.by) {
        const refused = refusedBy(check, probe);
        if (!refused) failed++;
        console.log(`${refused ? 'refused' : 'LET IN '} by ${check.padEnd(8)} ${probe.pkg}: ${probe.code.split('\n')[0]}`);
      }
    } finally {
      rmSync(file, { force: true });
    }
  }
}
console.log(failed === 0 ? 'The walls hold.' : `${failed} wall check(s) failed.`);
process.exit(failed === 0 ? 0 : 1);
