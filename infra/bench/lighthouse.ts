/**
 * Lighthouse (mobile: a mid-range phone on slow 4G, simulated) in headless Debian Chromium on a
 * player's /explore with pictures, as the app serves its production build: one player who uploaded
 * --pictures pictures through the real upload path (the worker makes their sized copies) and --pogs
 * POGs showing them in every POG font, signed in (their cookies in the browser's jar, as in a browser
 * that signed in earlier). Baseline: /auth, the lightest page of the same build, in the same rounds,
 * or with --baseline REV the same player's /explore as that revision builds and serves it (its own
 * app, database and player). Each run in a fresh browser profile. Goal: performance >= 90,
 * accessibility 100.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import pg from 'pg';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { POG_FONTS, seededRandom } from '@pog/common';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { baselineTree } from './baseline-tree';
import { startApp, tempDir } from './processes';
import { options, runBenchmark, type Defer } from './rounds';
import { emptyDatabase } from './stack';

const { values } = options({ pogs: '200', pictures: '24', baseline: '' });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A picture with shapes and texture, as players upload: distinct per seed. */
async function picture(seed: number): Promise<Blob> {
  const random = seededRandom(seed);
  const colour = () => `#${Math.floor(random() * 0xffffff).toString(16).padStart(6, '0')}`;
  const shapes = Array.from({ length: 14 }, () => `<circle cx="${random() * 1200}" cy="${random() * 1200}" r="${60 + random() * 260}" fill="${colour()}"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><rect width="1200" height="1200" fill="${colour()}"/>${shapes}</svg>`;
  return new Blob([new Uint8Array(await sharp(Buffer.from(svg)).blur(1.2).jpeg({ quality: 88 }).toBuffer())], { type: 'image/jpeg' });
}

/** One player registered through the app, their pictures uploaded and POGs made of them; the cookies the app set. */
async function seedExplore(url: string, db: pg.Client): Promise<Array<{ name: string; value: string }>> {
  const body = JSON.stringify({ username: `bench_${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('base64url') });
  const registered = await fetch(`${url}/api/register`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body });
  if (!registered.ok) throw new Error(`POST /api/register answered ${registered.status}: ${await registered.text()}`);
  const { id } = (await registered.json()) as { id: number };
  const pairs = registered.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const cookies = pairs.map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));
  const cookie = pairs.join('; ');
  const urls: string[] = [];
  for (let i = 1; i <= Number(values.pictures); i++) {
    const form = new FormData();
    form.append('image', await picture(i), 'picture.jpg');
    const uploaded = await fetch(`${url}/api/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: url }, body: form });
    const answer = (await uploaded.json()) as { url?: string };
    if (uploaded.status !== 201 || !answer.url) throw new Error(`POST /api/upload answered ${uploaded.status}: ${JSON.stringify(answer)}`);
    urls.push(answer.url);
  }
  await db.query(
    `INSERT INTO pogs (user_id, creator_id, name, text_content, rarity, score, points, scored_version, scored_at, max_trades, trades_remaining, image_url, font_family)
     SELECT $1, $1, 'Bench POG ' || g, 'POG ' || g, 'common', 10, g % 3000, 1, now(), 15, 15,
            ($3::text[])[1 + g % cardinality($3::text[])], ($4::text[])[1 + g % cardinality($4::text[])]
     FROM generate_series(1, $2::int) AS g`,
    [id, Number(values.pogs), urls, [...POG_FONTS]],
  );
  return cookies;
}

/** One Lighthouse run of `url` in a fresh profile, with `cookies` in the jar, Chromium's own files in `tmp`; its scores and main timings. */
async function measure(url: string, cookies: Array<{ name: string; value: string }>, tmp: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-sync'], envVars: { ...process.env, TMPDIR: tmp } });
  try {
    if (cookies.length) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0]!.addCookies(cookies.map((c) => ({ ...c, url })));
      await browser.close();
    }
    const result = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile' })) as RunnerResult | undefined;
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    // A run counts only if every picture loaded and, signed in, GET /api/user answered 200 (not the visitor's page).
    const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; statusCode: number }> } | undefined)?.items ?? [];
    const answers = (prefix: string) => requests.filter((r) => new URL(r.url).pathname.startsWith(prefix)).map((r) => r.statusCode);
    if (answers('/uploads/').some((status) => status !== 200)) throw new Error(`${url}: pictures answered ${answers('/uploads/').join(', ')}`);
    const user = answers('/api/user');
    if (cookies.length && (!user.length || user.some((status) => status !== 200))) throw new Error(`${url} was not measured signed in: GET /api/user answered ${user.join(', ') || 'nothing'}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      'LCP ms': metric('largest-contentful-paint'),
      'TBT ms': metric('total-blocking-time'),
      // Lighthouse's measure of the machine's speed during the run: lower, busier.
      'benchmark index': lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/** An app of its own (this tree's, or the one in `root`) on an empty database, seeded; its URL and the player's cookies. */
async function seededApp(name: string, defer: Defer, root?: string) {
  const url = await emptyDatabase(name, defer);
  const app = await startApp(name, { DATABASE_URL: url, DATA_DIR: tempDir('pog-bench-', defer) }, root);
  defer(app.stop);
  const db = new pg.Client({ connectionString: url });
  defer(() => db.end());
  await db.connect();
  return { url: app.url, cookies: await seedExplore(app.url, db) };
}

runBenchmark(values.rounds, async (defer) => {
  buildWebIfStale({ quiet: true });
  const app = await seededApp('lighthouse', defer);
  const tmp = tempDir('pog-bench-chromium-', defer); // a killed Chromium leaves its singleton socket there
  console.log(`a player with ${values.pogs} POGs showing ${values.pictures} uploaded pictures`);
  const subjects = [{ label: "/explore, a player's", run: () => measure(`${app.url}/explore`, app.cookies, tmp) }];
  const tree = baselineTree(values.baseline, defer);
  if (tree) {
    // That revision's own production build, made as its own start script makes it.
    const web = (await import(path.join(tree.root, 'scripts/web-build.mjs'))) as { buildWebIfStale(options: { quiet: boolean }): void };
    web.buildWebIfStale({ quiet: true });
    const other = await seededApp('lighthouse_baseline', defer, tree.root);
    subjects.unshift({ label: `/explore, a player's, baseline ${tree.revision}`, run: () => measure(`${other.url}/explore`, other.cookies, tmp) });
  } else {
    subjects.unshift({ label: '/auth (baseline)', run: () => measure(`${app.url}/auth`, [], tmp) });
  }
  const goals = [
    { subject: "/explore, a player's", figure: 'performance', atLeast: 90 },
    { subject: "/explore, a player's", figure: 'accessibility', atLeast: 100 },
  ];
  return { subjects, goals };
});
