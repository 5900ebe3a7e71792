/**
 * The profile header, and how a player becomes an admin: an operator runs `npm run set-role` while
 * the embedded app is stopped, and after the restart the player's profile shows the Admin badge.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { assertNoFindings, describeCsp, watchCsp, type CspViolation } from './audit';
import { auditOpenPages, CONTEXT_DEFAULTS, hasChromium, registerThroughUi, REPO_ROOT, sharedBrowser, startApp, type RunningApp } from './harness';

/** It starts the app twice and runs the CLI twice: more than the default minute on a busy machine. */
const TIMEOUT_MS = 180_000;

describe.skipIf(!hasChromium())('profile and the admin role [needs Chromium]', () => {
  const contexts: BrowserContext[] = [];
  let app: RunningApp | undefined;
  let dataDir = '';
  afterAll(async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await app?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows the Admin badge once an operator makes the player an admin', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pog-e2e-role-'));
    const [started, browser] = await Promise.all([startApp({ dataDir }), sharedBrowser()]);
    app = started;
    const context = await browser.newContext({ baseURL: app.url, ...CONTEXT_DEFAULTS });
    contexts.push(context);
    const page = await context.newPage();
    await registerThroughUi(page, 'grace_admin');
    await page.goto('/profile');
    await page.getByText('@grace_admin').waitFor();
    expect(await page.getByText('Admin', { exact: true }).count()).toBe(0);

    await app.stop();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/set-role.ts', 'GRACE_ADMIN', 'admin'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^grace_admin \(#\d+\) is now an admin\.$/m);
    const missing = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/set-role.ts', 'nobody_here', 'admin'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No player is called nobody_here.');

    // Same data, same generated session secret: the player is still signed in after the restart.
    app = await startApp({ dataDir });
    const again = await browser.newContext({ baseURL: app.url, ...CONTEXT_DEFAULTS, storageState: await context.storageState() });
    contexts.push(again);
    const csp: CspViolation[] = [];
    await watchCsp(again, csp);
    const profile = await again.newPage();
    await profile.goto('/profile');
    await profile.getByText('@grace_admin').waitFor();
    await profile.getByText('Admin', { exact: true }).waitFor();
    // The admin's profile passes the checks every other browser test ends with.
    assertNoFindings([...describeCsp(csp), ...(await auditOpenPages([again]))]);
  }, TIMEOUT_MS);
});
