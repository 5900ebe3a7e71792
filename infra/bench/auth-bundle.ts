/**
 * Gzipped JavaScript that the /auth page loads (goal: at most 200 KiB). Builds the web app, starts
 * the real app serving it (production mode), opens /auth in headless Chromium, and gzips the body of
 * every JavaScript response, as a browser on a first visit would download it.
 *
 *   npx tsx infra/bench/auth-bundle.ts [--no-build] [--check]
 *
 * --no-build  measure the web/dist already there
 * --check     exit 1 when the total is above the goal
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { describeMachine } from './machine';
import { repoRoot, startApp } from './processes';

const GOAL_BYTES = 200 * 1024;
const PAGE = '/auth';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});

interface Script {
  url: string;
  bytes: number;
  gzipBytes: number;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript/.test(type) || /\.m?js(\?|$)/.test(response.url());
}

async function main(): Promise<void> {
  console.log(describeMachine());
  if (!values['no-build']) {
    console.log('building the web app (npm run build -w @pog/web)...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@pog/web'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) throw new Error('web/dist/index.html is missing: build the web app first');

  const app = await startApp({ nodeEnv: 'production' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const bodies: Promise<Script | undefined>[] = [];
    page.on('response', (response) => {
      if (!isJavaScript(response)) return;
      bodies.push(
        response.body().then(
          (body) => ({ url: response.url(), bytes: body.length, gzipBytes: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length }),
          () => undefined, // a redirect or aborted response has no body
        ),
      );
    });
    await page.goto(app.url + PAGE, { waitUntil: 'networkidle', timeout: 60_000 });
    // Lazy chunks requested right after the first render still count as part of the page.
    await page.waitForTimeout(1000);
    const scripts = (await Promise.all(bodies)).filter((s): s is Script => s !== undefined).sort((a, b) => b.gzipBytes - a.gzipBytes);

    console.log(`page: ${PAGE} (${await page.title()}), ${scripts.length} JavaScript files`);
    for (const s of scripts) console.log(`  ${kib(s.gzipBytes).padStart(10)} gzip  ${kib(s.bytes).padStart(10)} raw  ${new URL(s.url).pathname}`);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const raw = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const verdict = total <= GOAL_BYTES ? 'meets the goal' : 'ABOVE the goal';
    console.log(`total: ${kib(total)} gzipped (${total} bytes; ${kib(raw)} raw); goal <= ${kib(GOAL_BYTES)}: ${verdict}`);
    if (pageErrors.length) console.log(`page errors: ${pageErrors.join(' | ')}`);
    if (scripts.length === 0) throw new Error(`${PAGE} loaded no JavaScript: is the web app built?`);
    if (values.check && total > GOAL_BYTES) process.exitCode = 1;
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
