/**
 * Requests per second of an authenticated `GET /api/user` with 1,000 sessions (each request the next
 * player's cookie, so the session cache sees what 1,000 players would give it), as a ratio of a bare
 * Koa JSON hello-world. Both servers stay up; wrk loads them in turn, A, B, A, B..., for --rounds
 * rounds, and the ratio is the median of the per-round ratios. Goal: ratio >= 0.4.
 *
 *   npx tsx infra/bench/user-endpoint.ts [--rounds 3] [--duration 10] [--connections 32] [--sessions 1000] [--external] [--check]
 *
 * Embedded by default (PGlite, in-process jobs): the app is started once to create its database,
 * stopped, seeded with the players and their sessions, and started again. --external uses a scratch
 * PostgreSQL database (dropped at the end) and Redis at REDIS_URL or 127.0.0.1:6379 (keys under a
 * random prefix, removed). --check exits 1 when the median ratio is below the goal.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeLoad, describeMachine } from './machine';
import { freePort, startApp, startServer } from './processes';
import { interleave, medianRatio, printSummary } from './rounds';
import { createScratchDatabase, seedUsers } from './scratch-db';
import { mintSessions, withEmbeddedDatabase } from './sessions';
import { runWrk, writeRequestFile, type WrkResult } from './wrk';

const GOAL_RATIO = 0.4;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    sessions: { type: 'string', default: '1000' },
    external: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
const SESSIONS = Math.max(1, Number(values.sessions));
const figures = (r: WrkResult) => ({ 'req/s': r.rps, 'p50 ms': r.latencyMs.p50, 'p99 ms': r.latencyMs.p99, errors: r.errors });

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: ${SESSIONS} sessions, ${values.connections} connections (wrk), ${values.rounds} interleaved rounds of ${values.duration} s, ${values.external ? 'PostgreSQL + Redis' : 'embedded (PGlite, in-process jobs)'}`);
  console.log(`before: ${describeLoad()}`);
  const secret = randomBytes(24).toString('base64url');
  const work = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-user-'));
  const scratch = values.external ? await createScratchDatabase('user') : undefined;
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(work, { recursive: true, force: true })];
  if (scratch) cleanups.unshift(() => scratch.drop());
  try {
    const helloPort = await freePort();
    const hello = await startServer({ name: 'hello-koa', args: ['infra/bench/hello-koa.ts'], env: { ...process.env, PORT: String(helloPort) }, port: helloPort, healthPath: '/' });
    cleanups.unshift(() => hello.stop());

    let cookies: string[];
    const dataDir = path.join(work, 'data');
    const appOptions = {
      nodeEnv: 'production' as const,
      sessionSecret: secret,
      dataDir,
      ...(scratch ? { databaseUrl: scratch.url, redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
    };
    if (scratch) {
      cookies = await mintSessions(scratch.client, await seedUsers(scratch.client, SESSIONS), secret);
    } else {
      // First start creates and migrates the embedded database; it is seeded while the app is down.
      await (await startApp(appOptions)).stop();
      cookies = await withEmbeddedDatabase(dataDir, async (db) => mintSessions(db, await seedUsers(db, SESSIONS), secret));
    }
    const app = await startApp(appOptions);
    cleanups.unshift(() => app.stop());

    const probe = await fetch(`${app.url}/api/user`, { headers: { Cookie: cookies.at(-1)! } });
    if (!probe.ok) throw new Error(`GET /api/user with a minted session answered ${probe.status}`);
    const requestFile = path.join(work, 'requests.tsv');
    writeRequestFile(requestFile, cookies.map((cookie) => ({ method: 'GET', path: '/api/user', cookie })));

    const load = { connections: Number(values.connections), durationS: Number(values.duration) };
    // Unmeasured warm-up of both (JIT, pools; the first pass over the sessions fills the cache).
    await runWrk({ ...load, durationS: 3, url: hello.url + '/' });
    await runWrk({ ...load, durationS: 3, url: app.url, requestFile });

    const result = await interleave(
      [
        { label: 'bare Koa hello-world', run: async () => figures(await runWrk({ ...load, url: hello.url + '/' })) },
        { label: `GET /api/user, ${SESSIONS} sessions`, run: async () => figures(await runWrk({ ...load, url: app.url, requestFile })) },
      ],
      Number(values.rounds),
    );
    printSummary(result);
    const ratio = medianRatio(result, `GET /api/user, ${SESSIONS} sessions`, 'bare Koa hello-world', 'req/s');
    const verdict = ratio >= GOAL_RATIO ? 'meets the goal' : 'BELOW the goal';
    console.log(`ratio (median of the rounds' ratios): ${ratio.toPrecision(2)} of the hello-world (goal >= ${GOAL_RATIO}): ${verdict}`);
    if (values.check && ratio < GOAL_RATIO) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
    console.log(`after: ${describeLoad()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
