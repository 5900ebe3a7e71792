/**
 * Issue 13's phone figures: Lighthouse (the npm package, mobile settings: a mid-range phone on slow
 * 4G, simulated) against the local app, as `npm start` serves it, in headless Debian Chromium.
 * Goal: performance >= 90 and accessibility 100 on every page measured.
 *
 *   npx tsx infra/bench/lighthouse.ts [--runs 3] [--pogs 200] [--pictures 24] [--no-build] [--check] [--reports DIR]
 *                                     [--baseline-dist DIR] [--pages auth,visitor,player]
 *
 * The web app is built as `npm start` builds it (production, precompressed: scripts/web-build.mjs).
 * A scratch PostgreSQL database on 127.0.0.1:5432 gets one player who uploads --pictures pictures
 * through the real upload path (so the worker makes their sized copies) and --pogs POGs using them,
 * in every POG font. Measured, each --runs times (fresh browser profile per run, nothing cached):
 *   /auth                the sign-in page
 *   /explore (visitor)   the public Discover page over the POGs
 *   /explore (player)    the signed-in Explore screen: the player's cookies (those the server set at
 *                        registration) are in the browser's cookie jar, as in a browser that signed in
 *                        earlier, so the page's scripts see the ones that are not HttpOnly
 * --pages measures only the pages named (auth, visitor, player; all three by default).
 * Printed per page: performance and accessibility (min / median / max), the median of the main
 * timings, the bytes transferred (Lighthouse's total byte weight, median) and Lighthouse's
 * benchmark index of the machine during the runs (on a shared machine, runs with a low index were
 * slowed by other work: its scores are not those of a quiet machine). --reports DIR keeps
 * each run's JSON report. --check exits 1 when a median of this build misses the goal.
 * --baseline-dist DIR compares with another web build (e.g. main's web/dist, copied aside): a second
 * app on the same database, session secret and DATA_DIR (so the same sessions and uploaded pictures)
 * serves it (WEB_DIST), and each run measures the page on the baseline, then on this build, so that
 * both see the same machine load.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { describeLoad, describeMachine } from './machine';
import { withApp, type ServerProcess } from './processes';
import { type Cookie, seedExplore } from './explore-seed';
import { createScratchDatabase } from './scratch-db';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pogs: { type: 'string', default: '200' },
    pictures: { type: 'string', default: '24' },
    'no-build': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    reports: { type: 'string' },
    'baseline-dist': { type: 'string' },
    pages: { type: 'string', default: 'auth,visitor,player' },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const POGS = Math.max(1, Number(values.pogs));
const PICTURES = Math.max(1, Number(values.pictures));
const GOALS = { performance: 90, accessibility: 100 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Target {
  /** The name --pages knows it by. */
  key: string;
  label: string;
  path: string;
  /** Put in the browser's cookie jar before the run (the player's cookies). */
  cookies?: Cookie[];
}

interface RunFigures {
  performance: number;
  accessibility: number;
  bytes: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed during the run (lower: busier or slower). */
  benchmarkIndex: number;
}

async function measure(url: string, target: Target, reportFile?: string): Promise<RunFigures> {
  // A new profile each run: nothing cached, as on a first visit.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    if (target.cookies) {
      // Lighthouse clears caches and service workers, never cookies: the jar is what a signed-in browser has.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0]!.addCookies(target.cookies.map((c) => ({ ...c, url })));
      await browser.close();
    }
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse's default: a mobile form factor, slow 4G and a 4x slower CPU, simulated.
      formFactor: 'mobile',
    };
    const result = (await lighthouse(url + target.path, flags)) as RunnerResult | undefined;
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${target.path}: ${lhr.runtimeError.message}`);
    assertMeasuredRight(lhr, target);
    if (reportFile) {
      writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
      // The page load's trace as Lighthouse recorded it.
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      bytes: metric('total-byte-weight'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      si: metric('speed-index'),
      cls: metric('cumulative-layout-shift'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * What a run must have seen to count: every uploaded picture it asked for (a baseline app without
 * them would draw placeholders and look lighter), and for a player's page GET /api/user answering
 * 200, never 401 (a session the app does not know would measure the visitor's page).
 */
function assertMeasuredRight(lhr: RunnerResult['lhr'], target: Target): void {
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; statusCode: number }> } | undefined)?.items ?? [];
  const answers = (test: (pathname: string) => boolean) => items.filter((item) => test(new URL(item.url).pathname)).map((item) => item.statusCode);
  const pictures = answers((pathname) => pathname.startsWith('/uploads/'));
  if (pictures.some((status) => status !== 200)) throw new Error(`${target.label}: uploaded pictures answered ${pictures.join(', ')}`);
  if (!target.cookies) return;
  const user = answers((pathname) => pathname === '/api/user');
  if (!user.length || user.some((status) => status !== 200)) {
    throw new Error(`${target.label} was not measured signed in: GET /api/user answered ${user.join(', ') || 'nothing'}`);
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (xs: number[]) => `${median(xs)} (${Math.min(...xs)}-${Math.max(...xs)})`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  if (!values['no-build']) buildWebIfStale({ quiet: true });
  const scratch = await createScratchDatabase('lighthouse');
  // Both apps sign cookies with the same secret and keep files in the same DATA_DIR: the player's
  // session is one on the baseline too, and the baseline serves the same uploaded pictures.
  const sessionSecret = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-lighthouse-'));
  const shared = { nodeEnv: 'production', databaseUrl: scratch.url, sessionSecret, dataDir } as const;
  try {
    await withApp(shared, async (app) => {
      const { cookies } = await seedExplore(app, scratch, { pogs: POGS, pictures: PICTURES });
      console.log(`seeded ${POGS} POGs with ${PICTURES} uploaded pictures in PostgreSQL ${scratch.name}; ${RUNS} Lighthouse runs per page (mobile)`);
      const pages = new Set(values.pages.split(','));
      const targets: Target[] = [
        { key: 'auth', label: '/auth', path: '/auth' },
        { key: 'visitor', label: '/explore (visitor)', path: '/explore' },
        { key: 'player', label: '/explore (player)', path: '/explore', cookies },
      ].filter((target) => pages.has(target.key));
      if (values.reports) mkdirSync(values.reports, { recursive: true });
      const measureAll = async (subjects: Subject[]) => {
        let met = true;
        for (const target of targets) met = (await measureTarget(subjects, target)) && met;
        return met;
      };
      const baselineDist = values['baseline-dist'];
      // The baseline: the same database (the same POGs, pictures and session), another web build.
      const met = baselineDist
        ? await withApp({ ...shared, env: { WEB_DIST: path.resolve(baselineDist) } }, (baseline) =>
            measureAll([
              { name: 'baseline', app: baseline },
              { name: 'this build', app },
            ]),
          )
        : await measureAll([{ name: '', app }]);
      console.log(`goal: performance >= ${GOALS.performance}, accessibility ${GOALS.accessibility} (medians)`);
      console.log(`after: ${describeLoad()}`);
      if (values.check && !met) process.exitCode = 1;
    });
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Subject {
  /** Printed after the page ('' when there is only this build). */
  name: string;
  app: ServerProcess;
}

/**
 * Runs Lighthouse --runs times on one page of each subject, alternating between the subjects run
 * by run, and prints their figures; true when this build's (the last subject's) medians meet the goal.
 */
async function measureTarget(subjects: Subject[], target: Target): Promise<boolean> {
  const runs = new Map<Subject, RunFigures[]>(subjects.map((subject) => [subject, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const subject of subjects) {
      const name = [subject.name, target.label, String(i + 1)].filter(Boolean).join('-');
      const file = values.reports ? path.join(values.reports, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`) : undefined;
      runs.get(subject)!.push(await measure(subject.app.url, target, file));
    }
  }
  let met = false;
  for (const subject of subjects) met = printFigures(subject.name ? `${target.label} ${subject.name}` : target.label, runs.get(subject)!);
  return met;
}

/** Prints one page's figures over its runs; true when the medians meet the goal. */
function printFigures(label: string, runs: RunFigures[]): boolean {
  const of = (key: keyof RunFigures) => runs.map((r) => r[key]);
  const performance = median(of('performance'));
  const accessibility = median(of('accessibility'));
  const met = performance >= GOALS.performance && accessibility >= GOALS.accessibility;
  console.log(
    `${label.padEnd(20)} performance ${spread(of('performance'))}  accessibility ${spread(of('accessibility'))}  ` +
      `transferred ${(median(of('bytes')) / 1024).toFixed(1)} KiB  ${met ? 'meets the goal' : 'MISSES the goal'}`,
  );
  console.log(
    `${''.padEnd(20)} median FCP ${seconds(median(of('fcp')))}  LCP ${seconds(median(of('lcp')))}  Speed Index ${seconds(median(of('si')))}  ` +
      `TBT ${Math.round(median(of('tbt')))} ms  CLS ${median(of('cls')).toFixed(3)}  benchmark index ${spread(of('benchmarkIndex'))}`,
  );
  return met;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
