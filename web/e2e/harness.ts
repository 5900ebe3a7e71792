/**
 * End-to-end harness: runs the REAL app (gateway + in-process worker on embedded PGlite) as a
 * child process and drives it with Debian's Chromium (its headless shell when installed: ./env.ts)
 * through playwright-core. Every test made with `useE2E` is also checked, when it ends, for
 * accessibility, phone layout and CSP (see ./audit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Pog } from '@pog/common';
import { seedPgliteDataDir } from '../../gateway/src/testing/pglite-template';
import { appEntry } from '../../gateway/src/testing/processes';
import type { FactoryReply, FactoryRequest } from '../../server/src/testing/e2e-factories';
import { REPO_ROOT, testBrowserPath } from './env';
import { assertNoFindings, auditAtBothSizes, describeCsp, watchCsp, type CspViolation } from './audit';

export { CHROMIUM_PATH, REPO_ROOT, hasChromium } from './env';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const STARTUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** The shared admin password the test app starts with (ADMIN_PASSWORD), so browser tests can sign in as admin. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

/** A factory request without its id (which the client numbers), for each factory of the union. */
type FactoryCall = FactoryRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export interface RunningApp {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** The exit code once stopped (SIGTERM), null before. */
  exitCode: () => number | null;
  /** Everything the server printed so far, for failure messages. */
  output: () => string;
  /**
   * Runs a test-data factory inside the app (server/src/testing/e2e-factories.ts, over the IPC
   * channel the app was started with); resolves to its result. See ./factories for the helpers.
   */
  factory: (request: FactoryCall) => Promise<number>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited during start-up (code ${child.exitCode}, signal ${child.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer /healthz with 200 within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export interface StartAppOptions {
  /** Kept on stop, so a test can restart the app on the same data; default a fresh directory. */
  dataDir?: string;
  /** Where it listens (a restarted app where its pages expect it); default a free port. */
  port?: number;
  /** Extra environment for the app (e.g. ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL of a fake). */
  env?: Record<string, string>;
}

/**
 * Starts the browser tests' app entry (`server/src/testing/e2e-entry.ts`: the process of
 * `server/src/main.ts` plus the test-data factories) on a free port with a fresh data directory, or with
 * `dataDir`.
 */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'pog-e2e-')));
  // The app's embedded database starts from the migrated template rather than an empty cluster.
  if (!existsSync(path.join(dataDir, 'pglite'))) await seedPgliteDataDir(dataDir);
  // The embedded mode: no external database or Redis, and PogBot offline, whatever the caller's
  // shell has set; a test that wants more says so in `env`.
  // Leaderboard pages are kept as in production (off by default under NODE_ENV=test): the browser
  // tests change standings only through the app, whose events drop the kept pages.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, LEADERBOARD_CACHE_MS: '2000' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  for (const name of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'ANTHROPIC_MODEL']) delete env[name];
  Object.assign(env, options.env);

  const child = spawn(process.execPath, appEntry('e2e'), {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const factory = factoryClient(child);
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, exitCode: () => child.exitCode, output: () => log, factory, stop };
}

/** Sends factory requests to the app over its IPC channel and matches the replies to them. */
function factoryClient(child: ChildProcess): RunningApp['factory'] {
  let lastId = 0;
  const pending = new Map<number, { resolve: (value: number) => void; reject: (error: Error) => void }>();
  child.on('message', (reply: FactoryReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(`The app's factory failed: ${reply.error}`));
  });
  child.once('exit', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('The app exited before its factory answered'));
    pending.clear();
  });
  return (request) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve, reject });
      child.send({ ...request, id } as FactoryRequest, (error) => {
        if (!error) return;
        pending.delete(id);
        reject(error);
      });
    });
}

/**
 * What every test's browser context starts with. Reduced motion: the app then stops its endless
 * animations (a rare POG's shimmer, a spinner), which otherwise have the browser draw 60 frames a
 * second for as long as a page shows one: most of the browser tests' CPU went into drawing frames
 * nobody looks at. A test that is about motion (the battle reveal) asks for `reducedMotion: 'no-preference'`.
 */
export const CONTEXT_DEFAULTS = { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' } as const satisfies BrowserContextOptions;

let running: Promise<Browser> | undefined;

/**
 * The browser of this worker process: launched by the first test file that asks, and shared by the
 * files that follow in the same process (vitest's isolate: false), each in contexts of its own
 * (their own cookies, storage and emulation). It saves a browser start and stop per file. One that
 * crashed or was closed is launched again; it ends with the worker process.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!running) {
    const launching = chromium.launch({ executablePath: testBrowserPath(), headless: true, args: CHROMIUM_ARGS });
    running = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => {
        if (running === launching) running = undefined;
      }),
      () => {
        if (running === launching) running = undefined;
      },
    );
  }
  return running;
}

export interface E2E {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A fresh browser context (its own cookies): one per player when a test drives several. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** A page in a fresh context: the quickest way to get a new, signed-out player. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** The CSP violations the current test's pages reported so far; they no longer fail the test. */
  takeCspViolations: () => CspViolation[];
}

/**
 * The end-of-test checks on the pages a test leaves open: axe finds no serious or critical
 * violation, at the test's own size and at phone size, and nothing scrolls sideways at phone size.
 * A page still on about:blank was never used and is skipped.
 */
export async function auditOpenPages(contexts: readonly BrowserContext[]): Promise<string[]> {
  const findings: string[] = [];
  for (const page of contexts.flatMap((context) => context.pages())) {
    if (page.isClosed() || page.url() === 'about:blank') continue;
    await page.waitForLoadState();
    findings.push(...(await auditAtBothSizes(page, new URL(page.url()).pathname)));
  }
  return findings;
}

/**
 * Registers beforeAll/afterAll hooks that start the app for one test file (and the worker's browser,
 * see sharedBrowser), then stop the app and close the file's contexts. Use inside a describe block.
 * `env` is read when the app starts (so it may name a server the test starts first).
 */
export function useE2E(options: { env?: () => Promise<Record<string, string>> | Record<string, string> } = {}): E2E {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  // The current test's contexts and the CSP violations their pages report.
  const testContexts: BrowserContext[] = [];
  const cspViolations: CspViolation[] = [];

  beforeAll(async () => {
    const env = await options.env?.();
    [app, browser] = await Promise.all([startApp({ env }), sharedBrowser()]);
  });

  beforeEach(() => {
    testContexts.length = 0;
    cspViolations.length = 0;
  });

  // A test that passed is then checked as it left its pages (a failed one has said enough).
  afterEach(async ({ task }) => {
    const mine = [...testContexts];
    try {
      if (task.result?.state === 'fail') return;
      const findings = [...describeCsp(cspViolations), ...(await auditOpenPages(mine))];
      assertNoFindings(findings);
    } finally {
      await Promise.allSettled(mine.map((context) => context.close()));
    }
  });

  // The browser stays for the next file (sharedBrowser); this file's contexts go.
  afterAll(async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await app?.stop();
  });

  const handle: E2E = {
    get app() {
      if (!app) throw new Error('The app is not running (did beforeAll fail?)');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not running (did beforeAll fail?)');
      return browser;
    },
    newContext: async (options = {}) => {
      const context = await handle.browser.newContext({ baseURL: handle.app.url, ...CONTEXT_DEFAULTS, ...options });
      context.setDefaultTimeout(15_000);
      await watchCsp(context, cspViolations);
      contexts.push(context);
      testContexts.push(context);
      return context;
    },
    newPage: async (options) => (await handle.newContext(options)).newPage(),
    takeCspViolations: () => cspViolations.splice(0),
  };
  return handle;
}

/** Signs a new player up through the Auth screen and waits until the app has them signed in. */
export async function registerThroughUi(page: Page, username: string, password = 'secret123'): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password').fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

/**
 * Waits until the page's live connection is up, as a player would see it: 'Live updates on' in the
 * user menu, which is closed again afterwards.
 */
export async function waitUntilLive(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByText('Live updates on').waitFor(options);
  await page.keyboard.press('Escape');
}

/** Saves a screenshot when E2E_ARTIFACTS names a directory (handy when a test fails in CI). */
export async function snapshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_ARTIFACTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Signs a player up through the API in their own browser context (cookies shared with its pages)
 * and creates one POG for them; a first creation has no cooldown.
 */
export async function playerWithPog(context: BrowserContext, username: string, design: Record<string, string>): Promise<{ userId: number; pog: Pog }> {
  const registered = await context.request.post('/api/register', { data: { username, password: 'secret123' } });
  if (registered.status() >= 300) throw new Error(`Registering ${username} failed: ${registered.status()} ${await registered.text()}`);
  const user = (await registered.json()) as { id: number };
  const created = await context.request.post('/api/pogs', { data: { userId: user.id, ...design } });
  if (created.status() !== 201) throw new Error(`Creating a POG for ${username} failed: ${created.status()} ${await created.text()}`);
  return { userId: user.id, pog: (await created.json()) as Pog };
}
