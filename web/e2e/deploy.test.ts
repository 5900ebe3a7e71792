/**
 * A deploy nobody notices, in a browser. A player's open Trade Center and an admin's open panel stay
 * live through a graceful stop of the process they are connected to, without a reload: behind the
 * real infra/nginx.conf with two gateways on PostgreSQL and Redis (one is stopped; the pages move to
 * the other), and in the embedded mode (the one app is stopped and started again, also as `npm start`
 * stopped by npm's own pid, which leaves nothing of the app running). What happened meanwhile (an
 * offer, a flagged POG) appears on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startGatewayPair, type GatewayPair } from '../../infra/testing/gateway-pair';
import { NGINX_BINARY } from '../../infra/testing/nginx';
import { freePort } from '../../gateway/src/testing/free-port';
import { descendants, running } from '../../gateway/src/testing/process-tree';
import { NPM_CLI, spawnService, type SpawnedService } from '../../gateway/src/testing/processes';
import { waitFor } from '../../gateway/src/testing/wait';
import { CONTEXT_DEFAULTS, E2E_ADMIN_PASSWORD, hasChromium, playerWithPog, REPO_ROOT, sharedBrowser, startApp, waitUntilLive, type RunningApp } from './harness';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const distributedMissing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL', !NGINX_BINARY && 'nginx'].filter(Boolean).join(' and ');

const offerCard = (page: Page, from: string) => page.locator(`[aria-label="Offer from ${from}"]`);
const flaggedCard = (page: Page, name: string) => page.getByRole('list', { name: 'Flagged POGs' }).getByRole('article', { name, exact: true });

/** A browser context on `baseURL` (cookies of its own). */
async function newContext(baseURL: string, contexts: BrowserContext[]): Promise<BrowserContext> {
  const context = await (await sharedBrowser()).newContext({ baseURL, ...CONTEXT_DEFAULTS });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return context;
}

/**
 * Bob on his Trade Center and an admin on the panel's Flagged tab, both live, with a mark on each
 * page that a reload would wipe; Alice ready to offer Bob a trade.
 */
async function openPages(baseURL: string, contexts: BrowserContext[], names: { alice: string; bob: string }) {
  const [aliceContext, bobContext, adminContext] = await Promise.all([newContext(baseURL, contexts), newContext(baseURL, contexts), newContext(baseURL, contexts)]);
  const [alice, bob] = await Promise.all([
    playerWithPog(aliceContext, names.alice, { name: 'Rolling Ember', textContent: 'ROLL', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
    playerWithPog(bobContext, names.bob, { name: 'Rolling Tide', textContent: 'TIDE', backgroundColor1: '#06B6D4', backgroundColor2: '#1E3A8A' }),
  ]);
  const bobPage = await bobContext.newPage();
  await bobPage.goto('/trade');
  await bobPage.getByText('No pending trades').waitFor();
  await waitUntilLive(bobPage);

  expect((await adminContext.request.post('/api/admin/auth', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  const panel = await adminContext.newPage();
  await panel.goto('/admin');
  await panel.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  await panel.locator('[data-live-status="live"]').waitFor();

  for (const page of [bobPage, panel]) await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  const offer = () =>
    aliceContext.request.post('/api/trades', { data: { fromUserId: alice.userId, toUserId: bob.userId, offerPogId: alice.pog.id, requestPogId: bob.pog.id } });
  return { bobPage, panel, offer, aliceContext };
}

/** A new player's first POG, whose name the worker flags for the admins. */
async function flaggedPog(context: BrowserContext, username: string, name: string): Promise<void> {
  const registered = await context.request.post('/api/register', { data: { username, password: 'secret123' } });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  const created = await context.request.post('/api/pogs', { data: { userId: id, name, textContent: 'OOPS' } });
  expect(created.status()).toBe(201);
}

/** Both pages show what happened while their process stopped, live again, never reloaded. */
async function expectCaughtUp(bobPage: Page, panel: Page, offeredBy: string, flagged: string): Promise<void> {
  await offerCard(bobPage, offeredBy).waitFor({ timeout: 20_000 });
  await flaggedCard(panel, flagged).waitFor({ timeout: 30_000 });
  await waitUntilLive(bobPage);
  await panel.locator('[data-live-status="live"]').waitFor();
  for (const page of [bobPage, panel]) expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
}

describe.skipIf(!hasChromium() || Boolean(distributedMissing))(
  `pages through a gateway's graceful stop behind nginx [needs Chromium${distributedMissing ? `, ${distributedMissing}` : ''}]`,
  () => {
    const contexts: BrowserContext[] = [];
    let pair: GatewayPair;

    beforeAll(async () => {
      pair = await startGatewayPair(
        {
          DATABASE_URL: databaseUrl!,
          REDIS_URL: redisUrl!,
          REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-e2e-deploy-${process.pid}-${Date.now()}`,
          SESSION_SECRET: 'shared-secret-for-the-e2e-deploy-test',
          ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
          TRUST_PROXY: '1',
        },
        path.join(REPO_ROOT, 'web/dist'),
      );
    });

    afterAll(async () => {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await pair?.stop();
    });

    it('keeps a player\'s Trade Center and an admin\'s panel live on the other gateway, with what happened during the stop', async () => {
      const suffix = Date.now().toString(36).slice(-5);
      const { bobPage, panel, offer, aliceContext } = await openPages(pair.nginx.url, contexts, { alice: `alice${suffix}`, bob: `bob${suffix}` });
      // Every page is on the first gateway; the second comes up, then the first is stopped.
      await pair.startSecond();

      const going = pair.first;
      const tree = descendants(going.child.pid!);
      const signalled = performance.now();
      const exited = going.stop();
      // While it stops: Alice's offer, and a POG the admins must review.
      expect((await offer()).status()).toBe(201);
      await flaggedPog(aliceContext, `rowdy${suffix}`, `Sh1t happens ${suffix}`);
      expect(await exited, going.output().slice(-3000)).toBe(0);
      await waitFor(() => tree.every((pid) => !running(pid)), 10_000, 'the stopped gateway and anything it started to be gone');
      expect((performance.now() - signalled) / 1000).toBeLessThan(10);

      await expectCaughtUp(bobPage, panel, `alice${suffix}`, `Sh1t happens ${suffix}`);
    });
  },
);

describe.skipIf(!hasChromium())('pages through a restart of the embedded app [needs Chromium]', () => {
  const contexts: BrowserContext[] = [];
  let app: RunningApp | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('keeps a player\'s Trade Center and an admin\'s panel, live again once the app is back', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pog-e2e-restart-'));
    const port = await freePort();
    app = await startApp({ dataDir, port });
    const { bobPage, panel, offer, aliceContext } = await openPages(app.url, contexts, { alice: 'alicerestart', bob: 'bobrestart' });

    await app.stop();
    expect(app.exitCode()).toBe(0);
    app = await startApp({ dataDir, port });
    expect((await offer()).status()).toBe(201);
    await flaggedPog(aliceContext, 'rowdyrestart', 'Sh1t happens');

    await expectCaughtUp(bobPage, panel, 'alicerestart', 'Sh1t happens');
  });
});

describe.skipIf(!hasChromium() || !NPM_CLI)(`pages through \`npm start\` stopped by npm's own pid [needs Chromium${NPM_CLI ? '' : ', npm'}]`, () => {
  const contexts: BrowserContext[] = [];
  const started: SpawnedService[] = [];
  /** The processes of an `npm start` this test stopped: none may outlive it, whatever happened. */
  const stopped: number[] = [];
  let dataDir: string | undefined;
  afterAll(async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    const left = [...stopped, ...started.flatMap((npm) => descendants(npm.child.pid!))];
    for (const pid of new Set(left)) if (running(pid)) process.kill(pid, 'SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('leaves nothing of the app running, and the pages are live again once `npm start` is back', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pog-e2e-npm-'));
    // The build the other browser tests serve (made by their global setup): npm start builds nothing.
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), WEB_DIST: path.join(REPO_ROOT, 'web/dist'), ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, HOME: process.env.HOME ?? tmpdir() };
    const npmStart = async () => {
      const npm = await spawnService(env, [NPM_CLI!, 'start']);
      started.push(npm);
      await npm.ready();
      return npm;
    };
    const first = await npmStart();
    const { bobPage, panel, offer, aliceContext } = await openPages(first.url, contexts, { alice: 'alicenpm', bob: 'bobnpm' });

    // npm, its shell, scripts/start.mjs and the app at least; SIGTERM to npm alone, as a terminal's
    // supervisor or `kill <pid>` would send it.
    const tree = descendants(first.child.pid!);
    stopped.push(...tree);
    expect(tree.length).toBeGreaterThanOrEqual(3);
    const signalled = performance.now();
    first.child.kill('SIGTERM');
    await waitFor(() => tree.every((pid) => !running(pid)), 10_000, 'every process npm start started to end');
    expect((performance.now() - signalled) / 1000).toBeLessThan(10);
    await expect(fetch(`${first.url}/livez`)).rejects.toThrow();
    // The panel saw its app go and keeps trying, on the same page.
    await panel.locator('[data-live-status="reconnecting"]').waitFor();

    await npmStart();
    expect((await offer()).status()).toBe(201);
    await flaggedPog(aliceContext, 'rowdynpm', 'Sh1t happens');

    await expectCaughtUp(bobPage, panel, 'alicenpm', 'Sh1t happens');
  });
});
