/**
 * Where a phone's main thread goes while /explore loads (issue 13: Lighthouse's blocking time):
 * the page as lighthouse.ts seeds it, loaded in headless Chromium with a 4x slower CPU and slow 4G
 * (DevTools throttling, as Lighthouse's devtools mode), traced; every long task (over 50 ms) is
 * listed with the functions its time went to, mapped through the build's source maps to the app's
 * sources and the libraries' files.
 *
 *   npx tsx infra/bench/explore-profile.ts [--pages player,visitor] [--runs 1] [--pogs 200] [--pictures 24]
 *                                          [--cpu 4] [--scale 1] [--no-network-throttling] [--wait 8] [--top 6] [--dist DIR]
 *   npx tsx infra/bench/explore-profile.ts --trace FILE [--trace FILE...] --dist DIR --scale 4
 *
 * The web app is built for it as `npm start` builds it (production) but with source maps, into a
 * scratch folder (--dist DIR: serve that build instead, maps beside its files), and served by the app
 * (WEB_DIST). For each long task: its start after navigation, its length, the functions with the most
 * self time in it, and the app's innermost functions on the stack (which of our code the work came
 * from: a component rendering, a store, a query's callback), and the browser's own work in it (style,
 * layout, paint, parsing: the trace's events directly under the task). --cpu 1 --scale 4 does what
 * Lighthouse's simulation does: the CPU runs at full speed and each task counts four times its
 * length. Then the blocking time after the first contentful paint (the part of each long task over
 * 50 ms, as Lighthouse counts it, without its network simulation) and what it was under, counted on
 * wall time and on the main thread's CPU time (on a busy machine a task also waits for a core).
 * --trace reads traces Lighthouse recorded instead (lighthouse.ts --reports keeps them) of a build
 * with source maps (--dist: e.g. web/dist built with `vite build --sourcemap` and served by
 * lighthouse.ts --no-build); Lighthouse's runs do not slow the CPU, so --scale 4 as it simulates.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { seedExplore, type Cookie } from './explore-seed';
import { describeLoad, describeMachine } from './machine';
import { repoRoot, withApp } from './processes';
import { createScratchDatabase } from './scratch-db';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: 'player,visitor' },
    runs: { type: 'string', default: '1' },
    pogs: { type: 'string', default: '200' },
    pictures: { type: 'string', default: '24' },
    cpu: { type: 'string', default: '4' },
    'no-network-throttling': { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    wait: { type: 'string', default: '8' },
    top: { type: 'string', default: '6' },
    dist: { type: 'string' },
    trace: { type: 'string', multiple: true },
  },
});
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LONG_TASK_US = 50_000;
/** Task lengths are multiplied by this before they are judged (Lighthouse's simulation: 4 with --cpu 1). */
const SCALE = Number(values.scale);
const TOP = Number(values.top);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (dur counts the time the thread waited for a core too). */
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

interface Sample {
  ts: number;
  node: number;
}

/** The production build with source maps, in a scratch folder. */
function buildWithSourceMaps(outDir: string): void {
  const result = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--outDir', outDir, '--emptyOutDir', '--sourcemap', '--logLevel', 'error'], {
    cwd: path.join(repoRoot, 'web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web build failed');
}

/** Names a frame by where its code came from: the app's source file and function, or the library. */
function frameNamer(dist: string): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  const consumer = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(dist, new URL(url).pathname + '.map');
      maps.set(url, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(url) ?? null;
  };
  const names = new Map<string, string>();
  return (frame) => {
    frame = { ...frame, url: frame.url ?? '', functionName: frame.functionName ?? '' };
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`;
    let name = names.get(key);
    if (name) return name;
    const map = frame.url.startsWith('http') ? consumer(frame.url) : null;
    if (!map) name = frame.url ? `${frame.functionName || '(anonymous)'} ${path.basename(new URL(frame.url, 'http://x').pathname)}` : frame.functionName;
    else {
      const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
      const source = (original.source ?? '?').replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '').replace(/^.*web\/src\//, 'web/src/');
      name = `${original.name ?? (frame.functionName || '(anonymous)')} ${source}:${original.line ?? '?'}`;
    }
    names.set(key, name);
    return name;
  };
}

/** The samples of the renderer's profile with the largest number of them, on the trace's clock. */
function profileSamples(events: TraceEvent[], pid: number): { nodes: Map<number, ProfileNode>; samples: Sample[] } {
  const byId = new Map<string, { start: number; nodes: Map<number, ProfileNode>; samples: Sample[]; last: number }>();
  for (const event of events) {
    if (event.pid !== pid || !event.id) continue;
    if (event.name === 'Profile') {
      const start = (event.args?.data?.startTime as number | undefined) ?? event.ts;
      byId.set(event.id, { start, nodes: new Map(), samples: [], last: start });
    }
    if (event.name !== 'ProfileChunk') continue;
    const profile = byId.get(event.id);
    const data = event.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    if (!profile || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      profile.last += data.timeDeltas?.[i] ?? 0;
      profile.samples.push({ ts: profile.last, node });
    });
  }
  const best = [...byId.values()].sort((a, b) => b.samples.length - a.samples.length)[0];
  return best ? { nodes: best.nodes, samples: best.samples } : { nodes: new Map(), samples: [] };
}

const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
const add = (counts: Map<string, number>, key: string, us: number) => counts.set(key, (counts.get(key) ?? 0) + us);

async function trace(url: string, cookies: Cookie[] | undefined): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (cookies) await context.addCookies(cookies.map((c) => ({ ...c, url })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
    if (!values['no-network-throttling']) {
      // DevTools' "slow 4G" as Lighthouse's devtools throttling sets it.
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
    }
    const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'blink.user_timing', 'loading'];
    await browser.startTracing(page, { categories });
    await page.goto(`${url}/explore`, { waitUntil: 'load' });
    await page.waitForTimeout(Number(values.wait) * 1000);
    const buffer = await browser.stopTracing();
    return (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await browser.close();
  }
}

function report(label: string, events: TraceEvent[], name: (frame: CallFrame) => string): void {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const runTasks = (pid: number, tid: number) => events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.ph === 'X');
  // The page's renderer: the main thread that ran the most.
  const main = mains
    .map((m) => ({ pid: m.pid, tid: m.tid, busy: runTasks(m.pid, m.tid).reduce((sum, e) => sum + (e.dur ?? 0), 0) }))
    .sort((a, b) => b.busy - a.busy)[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const navigation = onMain.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('/explore'))?.ts ?? onMain.find((e) => e.name === 'navigationStart')?.ts;
  if (navigation === undefined) throw new Error('no navigationStart in the trace');
  const ms = (ts: number) => ((ts - navigation) / 1000).toFixed(0);
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts;
  const lcp = onMain.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1)?.ts;
  const { nodes, samples } = profileSamples(events, main.pid);
  const tasks = runTasks(main.pid, main.tid).filter((e) => (e.dur ?? 0) * SCALE > LONG_TASK_US && e.ts >= navigation);
  const nested = onMain.filter((e) => e.ph === 'X' && e.name !== 'RunTask');
  console.log(`\n== ${label}: FCP ${fcp ? ms(fcp) : '?'} ms, LCP ${lcp ? ms(lcp) : '?'} ms, ${tasks.length} long tasks, ${samples.length} profile samples`);

  const isApp = (node: ProfileNode) => name(node.callFrame).includes(' web/src/');
  const blockingUnder = new Map<string, number>();
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const self = new Map<string, number>();
    const app = new Map<string, number>();
    let previous = task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const us = sample.ts - previous;
      previous = sample.ts;
      const node = nodes.get(sample.node);
      if (!node) continue;
      add(self, name(node.callFrame), us);
      let at: ProfileNode | undefined = node;
      while (at && !isApp(at)) at = at.parent === undefined ? undefined : nodes.get(at.parent);
      add(app, at ? name(at.callFrame) : '(no app code on the stack)', us);
    }
    // The browser's work: the outermost events inside the task, by name.
    const browser = new Map<string, number>();
    const outer = nested.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    for (const event of outer) {
      const inside = outer.some((o) => o !== event && o.ts <= event.ts && o.ts + (o.dur ?? 0) >= event.ts + (event.dur ?? 0) && (o.dur ?? 0) > (event.dur ?? 0));
      if (!inside) add(browser, event.name + (event.name === 'EvaluateScript' || event.name === 'FunctionCall' ? ` ${String(event.args?.data?.url ?? event.args?.data?.functionName ?? '').replace(/^.*\//, '')}` : ''), event.dur ?? 0);
    }
    const length = task.dur! * SCALE;
    const counted = fcp !== undefined && task.ts >= fcp ? length - LONG_TASK_US : 0;
    blocking += counted;
    if (counted > 0) for (const [key, us] of app) add(blockingUnder, key, (us * counted) / task.dur!);
    console.log(`\n  task at ${ms(task.ts)} ms, ${(task.dur! / 1000).toFixed(0)} ms${SCALE !== 1 ? ` (x${SCALE}: ${(length / 1000).toFixed(0)} ms)` : ''}${counted > 0 ? `, blocking ${(counted / 1000).toFixed(0)} ms` : ' (before FCP)'}`);
    console.log(`    browser events:\n      ${top(browser, TOP).join('\n      ')}`);
    console.log(`    self time:\n      ${top(self, TOP).join('\n      ')}`);
    console.log(`    under the app's code:\n      ${top(app, TOP).join('\n      ')}`);
  }
  // The same counted on the main thread's CPU time: on a busy machine a task's wall time includes
  // the time the thread waited for a core, which is not the page's work.
  const afterFcp = runTasks(main.pid, main.tid).filter((e) => fcp !== undefined && e.ts >= fcp);
  const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;
  const cpuLong = afterFcp.filter((e) => cpu(e) * SCALE > LONG_TASK_US);
  const cpuBlocking = cpuLong.reduce((sum, e) => sum + cpu(e) * SCALE - LONG_TASK_US, 0);
  const cpuTotal = afterFcp.reduce((sum, e) => sum + cpu(e), 0);
  console.log(
    `\n  after FCP, by the main thread's CPU time: ${(cpuTotal / 1000).toFixed(0)} ms in all tasks; ${cpuLong.length} long tasks ` +
      `(${cpuLong.map((e) => (cpu(e) / 1000).toFixed(0)).join(', ')} ms${SCALE !== 1 ? `, x${SCALE}` : ''}), blocking ${(cpuBlocking / 1000).toFixed(0)} ms`,
  );
  console.log(`\n  blocking time after FCP (long tasks' time${SCALE !== 1 ? ` x${SCALE}` : ''} over 50 ms, no network simulation): ${(blocking / 1000).toFixed(0)} ms, under:`);
  console.log(`      ${top(blockingUnder, TOP * 2).join('\n      ')}`);
}

async function main(): Promise<void> {
  if (values.trace) {
    if (!values.dist) throw new Error('--trace needs --dist, the build the trace ran with its source maps');
    const name = frameNamer(path.resolve(values.dist));
    for (const file of values.trace) report(file, (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents, name);
    return;
  }
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  const ownDist = values.dist ? null : mkdtempSync(path.join(os.tmpdir(), 'pog-profile-dist-'));
  const dist = values.dist ? path.resolve(values.dist) : ownDist!;
  if (ownDist) buildWithSourceMaps(ownDist);
  const scratch = await createScratchDatabase('explore_profile');
  try {
    await withApp({ nodeEnv: 'production', databaseUrl: scratch.url, sessionSecret: randomBytes(24).toString('base64url'), env: { WEB_DIST: dist } }, async (app) => {
      const { cookies } = await seedExplore(app, scratch, { pogs: Number(values.pogs), pictures: Number(values.pictures) });
      const name = frameNamer(dist);
      for (let run = 1; run <= Number(values.runs); run++) {
        for (const page of values.pages.split(',')) {
          const events = await trace(app.url, page === 'player' ? cookies : undefined);
          report(`/explore (${page}) run ${run}, CPU ${values.cpu}x, ${describeLoad()}`, events, name);
        }
      }
    });
  } finally {
    await scratch.drop();
    if (ownDist) rmSync(ownDist, { recursive: true, force: true });
  }
  console.log(`\nafter: ${describeLoad()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
