// Builds the web app when web/dist is missing, older than its sources, not a production build or
// not precompressed (used by start and tests). The build is always a production one, whatever
// NODE_ENV the shell has (Vite would otherwise bundle React's development build), and every
// compressible file gets its .br and .gz beside it, which the gateway sends as nginx does.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompress } from '../infra/docker/precompress.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const WEB = path.join(root, 'web');
const DEFAULT_OUT = path.join(WEB, 'dist');
/** Written into the output once it is a finished, precompressed production build. */
const STAMP = '.pog-build';
const STAMP_TEXT = 'production precompressed\n';
/** What the bundle is made of: a change in any of these makes the build stale. */
const SOURCES = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'common/src'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'server') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function webBuildIsStale(outDir = DEFAULT_OUT) {
  const built = path.join(outDir, 'index.html');
  const stamp = path.join(outDir, STAMP);
  if (!existsSync(built) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== STAMP_TEXT) return true;
  const sources = SOURCES.map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) > statSync(built).mtimeMs;
}

function viteArgs(outDir, quiet) {
  return ['vite', 'build', '--mode', 'production', '--outDir', outDir, '--emptyOutDir', '--logLevel', quiet ? 'error' : 'warn'];
}

/** NODE_ENV decides which React build Vite bundles: production, even under `NODE_ENV=development npm start`. */
const buildEnv = () => ({ ...process.env, NODE_ENV: 'production' });

function finish(outDir) {
  precompress(outDir);
  writeFileSync(path.join(outDir, STAMP), STAMP_TEXT);
}

export function buildWebIfStale({ quiet = false, outDir = DEFAULT_OUT } = {}) {
  if (!webBuildIsStale(outDir)) return;
  if (!quiet) console.log('[build] building the web app...');
  const result = spawnSync('npx', viteArgs(outDir, quiet), { cwd: WEB, stdio: 'inherit', env: buildEnv() });
  if (result.status !== 0) throw new Error('The web build failed');
  finish(outDir);
}

/**
 * The same, without blocking: `started` receives the build's process (so a signal can stop it).
 * Resolves true when the build is fresh.
 */
export function buildWebIfStaleAsync(started = () => undefined, { outDir = DEFAULT_OUT } = {}) {
  if (!webBuildIsStale(outDir)) return Promise.resolve(true);
  console.log('[build] building the web app...');
  const child = spawn('npx', viteArgs(outDir, false), { cwd: WEB, stdio: 'inherit', env: buildEnv() });
  started(child);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      if (code === 0) finish(outDir);
      resolve(code === 0);
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
