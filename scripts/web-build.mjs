// Builds the web app when web/dist is missing or older than its sources (used by start and tests).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

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

export function webBuildIsStale() {
  const built = path.join(root, 'web', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'common/src'].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) > statSync(built).mtimeMs;
}

export function buildWebIfStale({ quiet = false } = {}) {
  if (!webBuildIsStale()) return;
  if (!quiet) console.log('[build] building the web app...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', quiet ? 'error' : 'warn'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web build failed');
}

/**
 * The same, without blocking: `started` receives the build's process (so a signal can stop it).
 * Resolves true when the build is fresh.
 */
export function buildWebIfStaleAsync(started = () => undefined) {
  if (!webBuildIsStale()) return Promise.resolve(true);
  console.log('[build] building the web app...');
  const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  started(child);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code === 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
