/**
 * JavaScript bytes the /auth page loads ON THE WIRE (goal: at most 200 KiB), as two real servers
 * send them: `npm start` (scripts/start.mjs: the gateway serving web/dist itself) and nginx with the
 * project's infra/nginx.conf in front of that gateway, its web root the build precompressed as the
 * web image does it (infra/docker/precompress.mjs). Headless Chromium opens /auth in a fresh context
 * (empty cache) on each, in turn, for --rounds rounds; the figure is the encoded body size Chromium
 * received (what it negotiated: gzip, br or nothing), not a size this script computes.
 *
 *   npx tsx infra/bench/auth-bundle.ts [--rounds 3] [--no-build] [--check]
 *
 * --no-build  measure the web/dist already there
 * --check     exit 1 when `npm start`'s median total is above the goal
 * CHROMIUM_PATH overrides /usr/bin/chromium; nginx must be installed (apt-get install nginx).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Response } from 'playwright-core';
import { KNOWN_ENV_VARS } from '@pog/common/server';
import { startNginx } from '../testing/nginx';
import { describeMachine } from './machine';
import { freePort, repoRoot, startServer } from './processes';
import { interleave, median, printSummary, type Figures } from './rounds';

const GOAL_BYTES = 200 * 1024;
const PAGE = '/auth';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript/.test(type) || /\.m?js(\?|$)/.test(response.url());
}

/** Opens the page in a fresh context and adds up what each script cost on the wire. */
async function measure(browser: Browser, baseUrl: string, print: boolean): Promise<Figures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts: Promise<{ path: string; wire: number; headers: number; raw: number; encoding: string }>[] = [];
    page.on('response', (response) => {
      if (!isJavaScript(response)) return;
      scripts.push(
        (async () => {
          const sizes = await response.request().sizes();
          const raw = await response.body().then((b) => b.length, () => 0);
          return { path: new URL(response.url()).pathname, wire: sizes.responseBodySize, headers: sizes.responseHeadersSize, raw, encoding: response.headers()['content-encoding'] ?? 'none' };
        })(),
      );
    });
    await page.goto(baseUrl + PAGE, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(1000); // lazy chunks right after the first render count too
    const list = (await Promise.all(scripts)).sort((a, b) => b.wire - a.wire);
    if (list.length === 0) throw new Error(`${PAGE} loaded no JavaScript from ${baseUrl}: is the web app built?`);
    if (print) for (const s of list) console.log(`    ${kib(s.wire).padStart(10)} on the wire (${s.encoding}), ${kib(s.raw).padStart(10)} decoded  ${s.path}`);
    return {
      'JS KiB on the wire': list.reduce((n, s) => n + s.wire, 0) / 1024,
      'with headers KiB': list.reduce((n, s) => n + s.wire + s.headers, 0) / 1024,
      'decoded KiB': list.reduce((n, s) => n + s.raw, 0) / 1024,
      files: list.length,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  console.log(describeMachine());
  if (!values['no-build']) {
    console.log('building the web app (npm run build -w @pog/web)...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@pog/web'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) throw new Error('web/dist/index.html is missing: build the web app first');

  const work = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-bundle-'));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(work, { recursive: true, force: true })];
  try {
    // `npm start`, as a user runs it (it finds the build fresh and starts the app in one process).
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of KNOWN_ENV_VARS) delete env[name];
    Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), SESSION_SECRET: randomBytes(24).toString('base64url'), NODE_ENV: 'production' });
    const app = await startServer({ name: 'npm start', args: ['scripts/start.mjs'], env, port, healthPath: '/healthz', readyTimeoutMs: 300_000 });
    cleanups.unshift(() => app.stop());
    // nginx in front of it, serving the build precompressed as the web image does.
    const webRoot = path.join(work, 'html');
    cpSync(path.join(repoRoot, 'web/dist'), webRoot, { recursive: true });
    execFileSync(process.execPath, [path.join(repoRoot, 'infra/docker/precompress.mjs'), webRoot, 'gz']);
    const nginx = await startNginx({ gatewayPorts: [port], webRoot });
    cleanups.unshift(() => nginx.stop());

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    cleanups.unshift(() => browser.close());
    const result = await interleave(
      [
        { label: 'npm start', run: (round) => (round === 1 && console.log('  npm start, per file:'), measure(browser, app.url, round === 1)) },
        { label: 'nginx (infra/nginx.conf)', run: (round) => (round === 1 && console.log('  nginx, per file:'), measure(browser, nginx.url, round === 1)) },
      ],
      Number(values.rounds),
    );
    printSummary(result);
    const total = median(result.figures.get('npm start')!.get('JS KiB on the wire')!) * 1024;
    console.log(`npm start: ${kib(total)} of JavaScript on the wire; goal <= ${kib(GOAL_BYTES)}: ${total <= GOAL_BYTES ? 'meets the goal' : 'ABOVE the goal'}`);
    if (values.check && total > GOAL_BYTES) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
