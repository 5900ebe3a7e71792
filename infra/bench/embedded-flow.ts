/**
 * Issue 15 §4: does the embedded server keep flowing while one client hammers the heaviest read?
 * One embedded app (PGlite, in-process jobs) with --pogs POGs and 1,000 players' sessions. "Others"
 * is wrk sending a mix over 1,000 sessions (GET /api/user, a page of /api/pogs newest and trending,
 * the app page /); each round measures the others alone, then with one more client sending the heavy
 * read (--hammer) back to back, or the other way round (interleaved). Goal: the others' throughput
 * with the hammer is at least 80% of theirs alone (median of the rounds' ratios).
 *
 * The app runs as `npm start` does, PGlite in a thread of its own; unless --thread-only, a second app
 * on a copy of the same data folder runs PGlite in the server's thread (PGLITE_THREAD=false, as before
 * issue 15 §4), and both are measured in the same rounds, interleaved. With --before DIR, the app of
 * the repository tree in DIR (e.g. a worktree of an older commit, with node_modules) runs too, PGlite
 * in its thread, on its own copy of the data, in the same rounds.
 *
 *   npx tsx infra/bench/embedded-flow.ts [--pogs 100000] [--rounds 3] [--duration 10] [--connections 8] [--hammer '/api/pogs?search=POG%20777'] [--thread-only] [--before DIR]
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measuringCpu, perRequest } from './cpu-time';
import { describeLoad, describeMachine } from './machine';
import { startApp, type ServerProcess } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';
import { seededRandom, seedPogs, seedUsers } from './scratch-db';
import { mintSessions, withEmbeddedDatabase } from './sessions';
import { runWrk, writeRequestFile, type WrkResult } from './wrk';

const GOAL_RATIO = 0.8;
const { values } = parseArgs({
  options: {
    pogs: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    hammer: { type: 'string', default: '/api/pogs?limit=50&search=POG%20777' },
    'thread-only': { type: 'boolean', default: false },
    before: { type: 'string' },
  },
});
const DURATION_S = Number(values.duration);
const ALONE = 'others alone';
const HAMMERED = 'others + hammer';
/** The subjects: PGlite in its own thread (what `npm start` does), and in the server's thread. */
const MODES: { name: string; env: NodeJS.ProcessEnv; root?: string }[] = [
  { name: 'in-process', env: { PGLITE_THREAD: 'false' } },
  { name: 'thread', env: { PGLITE_THREAD: 'true' } },
].filter((mode) => !values['thread-only'] || mode.name === 'thread');
if (values.before) MODES.unshift({ name: 'before (thread)', env: { PGLITE_THREAD: 'true' }, root: values.before });

function hashes(count: number): (string | null)[] {
  const random = seededRandom(11);
  return Array.from({ length: count }, () => (random() < 0.5 ? Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0').repeat(2) : null));
}

const others = (r: WrkResult): Figures => ({ 'others req/s': r.rps, 'others p50 ms': r.latencyMs.p50, 'others p99 ms': r.latencyMs.p99, 'others errors': r.errors });
/** The app process's CPU (its threads, PGlite's included) per second of the run and per request answered. */
const cpu = (cpuMs: number, requests: number): Figures => ({ 'app CPU ms/s': Math.round(cpuMs / DURATION_S), 'app CPU ms/req': perRequest(cpuMs, requests) });

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: embedded app, ${Number(values.pogs).toLocaleString('en')} POGs, others: wrk ${values.connections} connections over 1,000 sessions; hammer: 1 connection on ${values.hammer}; ${values.rounds} interleaved rounds of ${DURATION_S} s`);
  console.log(`before: ${describeLoad()}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-flow-'));
  const apps: ServerProcess[] = [];
  try {
    const secret = randomBytes(24).toString('base64url');
    const dataDir = path.join(work, 'data');
    await (await startApp({ nodeEnv: 'production', dataDir, sessionSecret: secret })).stop();
    const cookies = await withEmbeddedDatabase(dataDir, async (db) => {
      const ids = await seedUsers(db, 1_000);
      await seedPogs(db, { userIds: ids, hashes: hashes(Number(values.pogs)), rejectedShare: 0.01 });
      return mintSessions(db, ids, secret);
    });
    const paths = ['/api/user', '/api/pogs?limit=20', '/api/pogs?limit=20&sort=trending', '/'];
    const file = path.join(work, 'others.tsv');
    writeRequestFile(file, cookies.map((cookie, i) => ({ method: 'GET', path: paths[i % paths.length]!, cookie })));

    const subjects = [];
    for (const mode of MODES) {
      // Each app on its own copy of the seeded folder (a PGlite folder is one process's).
      const modeDir = path.join(work, `data-${mode.name.replace(/\W+/g, '-')}`);
      cpSync(dataDir, modeDir, { recursive: true });
      const app = await startApp({ nodeEnv: 'production', dataDir: modeDir, sessionSecret: secret, env: mode.env, root: mode.root });
      apps.push(app);
      const url = app.url;
      const probe = await fetch(url + values.hammer);
      if (!probe.ok) throw new Error(`the hammer's read answered ${probe.status}`);
      const load = { url, requestFile: file, connections: Number(values.connections), durationS: DURATION_S };
      await runWrk({ ...load, durationS: 3 }); // warm-up
      subjects.push(
        {
          label: `${mode.name}: ${ALONE}`,
          run: async () => {
            const { result: mixed, cpuMs } = await measuringCpu([app.child.pid!], () => runWrk(load));
            return { ...others(mixed), ...cpu(cpuMs[0]!, mixed.requests) };
          },
        },
        {
          label: `${mode.name}: ${HAMMERED}`,
          run: async () => {
            const { result, cpuMs } = await measuringCpu([app.child.pid!], () => Promise.all([runWrk(load), runWrk({ url: url + values.hammer, connections: 1, durationS: DURATION_S })]));
            const [mixed, hammer] = result;
            return { ...others(mixed), 'hammer req/s': hammer.rps, 'hammer p50 ms': hammer.latencyMs.p50, ...cpu(cpuMs[0]!, mixed.requests + hammer.requests) };
          },
        },
      );
    }
    const result = await interleave(subjects, Number(values.rounds));
    printSummary(result);
    for (const mode of MODES) {
      const ratio = medianRatio(result, `${mode.name}: ${HAMMERED}`, `${mode.name}: ${ALONE}`, 'others req/s');
      const verdict = ratio >= GOAL_RATIO ? 'meets the goal' : 'MISSED';
      console.log(`${mode.name}: others' throughput with the hammer: ${(ratio * 100).toFixed(0)}% of alone (a cut of ${((1 - ratio) * 100).toFixed(0)}%); goal: a cut of 20% or less: ${verdict}`);
    }
  } finally {
    for (const app of apps) await app.stop().catch((error: unknown) => console.error(error));
    rmSync(work, { recursive: true, force: true });
    console.log(`after: ${describeLoad()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
