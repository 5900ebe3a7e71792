/**
 * Issue 15 §5's write figure: `POST /api/trades` per second, every offer succeeding (201), and its
 * latency, with wrk sending distinct offers between --players players (each sends at most 10, the
 * daily limit), on the distributed shape (one gateway process and one worker process, PostgreSQL
 * and Redis) and embedded (one process, PGlite, in-process jobs), interleaved over --rounds rounds.
 * Goals (medians): >= 400 req/s with p99 <= 100 ms distributed, >= 150 req/s embedded.
 *
 *   npx tsx infra/bench/trade-writes.ts [--rounds 3] [--duration 10] [--connections 16] [--max-rate 800] [--embedded-only] [--in-process]
 *
 * --embedded-only  skips the distributed shape.
 * --in-process     adds an embedded app with PGlite in the server's thread (PGLITE_THREAD=false, as
 *                  before issue 15 §4) on a copy of the same seeded folder, in the same rounds.
 *
 * Each round gets offers nobody sent yet: --max-rate x --duration of them per round (more than wrk can
 * send in that time at the given rate; if it ever got to the end, repeats would answer 409 and show as
 * errors). Players, sessions and POGs are made in the database; the embedded app is seeded while it
 * is stopped. Scratch database, Redis keys and data folders are removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeLoad, describeMachine } from './machine';
import { startApp, type ServerProcess } from './processes';
import { interleave, printSummary, type Figures } from './rounds';
import { seedUsers, type Queryable } from './scratch-db';
import { mintSessions, seedOwnPogs, withEmbeddedDatabase } from './sessions';
import { startStack, type Stack } from './stack';
import { runWrk, writeRequestFile } from './wrk';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'embedded-only': { type: 'boolean', default: false },
    'in-process': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    'max-rate': { type: 'string', default: '800' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const DURATION_S = Number(values.duration);
const WARMUP_S = 3;
const PER_ROUND = Number(values['max-rate']) * DURATION_S;
const PER_WARMUP = Number(values['max-rate']) * WARMUP_S;
const PLAYERS = Math.ceil((PER_ROUND * ROUNDS + PER_WARMUP) / 10) + 1;

interface Offer {
  method: string;
  path: string;
  cookie: string;
  forwardedFor: string;
  body: { fromUserId: number; toUserId: number; offerPogId: number; requestPogId: number };
}

/** Every offer the players can make: k-th sends to the player 1 + floor(k / N) places on; senders vary fastest. */
async function seedOffers(db: Queryable, sessionSecret: string): Promise<Offer[]> {
  const ids = await seedUsers(db, PLAYERS, `bench_w${randomBytes(2).toString('hex')}_`);
  const cookies = await mintSessions(db, ids, sessionSecret);
  const pogs = await seedOwnPogs(db, ids, 1);
  const offers: Offer[] = [];
  for (let k = 0; k < PLAYERS * 10; k++) {
    const sender = k % PLAYERS;
    const recipient = (sender + 1 + Math.floor(k / PLAYERS)) % PLAYERS;
    offers.push({
      method: 'POST',
      path: '/api/trades',
      cookie: cookies[sender]!,
      forwardedFor: `10.${sender >> 16}.${(sender >> 8) & 255}.${sender & 255}`,
      body: { fromUserId: ids[sender]!, toUserId: ids[recipient]!, offerPogId: pogs.get(ids[sender]!)![0]!, requestPogId: pogs.get(ids[recipient]!)![0]! },
    });
  }
  return offers;
}

interface Target {
  label: string;
  url: string;
  offers: Offer[];
  next: number;
  dir: string;
}

async function send(target: Target, count: number, durationS: number): Promise<Figures> {
  const file = path.join(target.dir, `offers-${target.next}.tsv`);
  writeRequestFile(file, target.offers.slice(target.next, target.next + count));
  target.next += count;
  const r = await runWrk({ url: target.url, requestFile: file, origin: target.url, connections: Number(values.connections), durationS });
  return { 'req/s': r.rps, 'p50 ms': r.latencyMs.p50, 'p99 ms': r.latencyMs.p99, errors: r.errors };
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: wrk with ${values.connections} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s, ${PLAYERS} players per app`);
  console.log(`before: ${describeLoad()}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-writes-'));
  let stack: Stack | undefined;
  const apps: ServerProcess[] = [];
  try {
    const targets: Target[] = [];
    if (!values['embedded-only']) {
      stack = await startStack({ label: 'distributed', gateways: 1, workers: 1 });
      targets.push({ label: 'distributed (1 gateway + 1 worker)', url: stack.gateways[0]!.url, offers: await seedOffers(stack.db, stack.sessionSecret), next: 0, dir: work });
    }

    const secret = randomBytes(24).toString('base64url');
    const dataDir = path.join(work, 'data');
    await (await startApp({ nodeEnv: 'production', dataDir, sessionSecret: secret })).stop();
    const offers = await withEmbeddedDatabase(dataDir, (db) => seedOffers(db, secret));
    const modes = [{ label: 'embedded (PGlite thread)', env: { PGLITE_THREAD: 'true' } }];
    if (values['in-process']) modes.unshift({ label: 'embedded (PGlite in-process)', env: { PGLITE_THREAD: 'false' } });
    // Each app on its own copy of the seeded folder (a PGlite folder is one process's), all made
    // before any app opens one; the offers are the same.
    const dirs = modes.map((_, i) => `${dataDir}-${i}`);
    for (const dir of dirs) cpSync(dataDir, dir, { recursive: true });
    for (const [i, mode] of modes.entries()) {
      const modeDir = dirs[i]!;
      const app = await startApp({ nodeEnv: 'production', dataDir: modeDir, sessionSecret: secret, env: { TRUST_PROXY: 'true', ...mode.env } });
      apps.push(app);
      targets.push({ label: mode.label, url: app.url, offers, next: 0, dir: work });
    }

    for (const target of targets) console.log(`warm-up ${target.label}: ${JSON.stringify(await send(target, PER_WARMUP, WARMUP_S))}`);
    const result = await interleave(
      targets.map((target) => ({ label: target.label, run: () => send(target, PER_ROUND, DURATION_S) })),
      ROUNDS,
    );
    printSummary(result);
    console.log('goals (medians): distributed >= 400 req/s with p99 <= 100 ms; embedded >= 150 req/s');
  } finally {
    for (const app of apps) await app.stop().catch((error: unknown) => console.error(error));
    await stack?.stop().catch((error: unknown) => console.error(error));
    rmSync(work, { recursive: true, force: true });
    console.log(`after: ${describeLoad()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
