/**
 * Runs once before the e2e project: makes sure web/dist is a build of the current sources (the
 * gateway serves it) and that Chromium is there. Without Chromium the browser suites skip, unless
 * E2E_REQUIRED=1 demands them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, REPO_ROOT, hasChromium } from './env';

const WEB = path.join(REPO_ROOT, 'web');
const BUILD_MARKER = path.join(WEB, 'dist', 'index.html');
/** What the bundle is made of: a change in any of these makes web/dist stale. */
const SOURCES = [path.join(WEB, 'src'), path.join(WEB, 'public'), path.join(WEB, 'index.html'), path.join(WEB, 'vite.config.ts'), path.join(REPO_ROOT, 'common', 'src')];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

export default function setup(): void {
  if (!hasChromium()) {
    if (process.env.E2E_REQUIRED === '1') {
      throw new Error(`E2E_REQUIRED=1 but Chromium is missing at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
    }
    console.warn(`[e2e] Chromium not found at ${CHROMIUM_PATH}: browser tests will be skipped.`);
    return;
  }
  if (buildIsStale()) {
    console.log('[e2e] building the web app (web/dist is missing or older than its sources)...');
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}
