/**
 * Issue 15 §5's write figure: `POST /api/trades` per second, every offer succeeding (201), and its
 * latency, with wrk sending distinct offers between --players players (each sends at most 10, the
 * daily limit), on the distributed shape (one gateway process and one worker process, PostgreSQL
 * and Redis) and embedded (one process, PGlite, in-process jobs), interleaved over --rounds rounds.
 * Goals (medians): >= 400 req/s with p99 <= 100 ms distributed, >= 150 req/s embedded.
 *
 *   npx tsx infra/bench/trade-writes.ts [--rounds 3] [--duration 10] [--connections 16] [--max-rate 800]
 *     [--baseline <git revision>] [--shape distributed,embedded]
 *
 * With --baseline the code at that revision (baseline-tree.ts) runs beside this tree, each on its own
 * stack or data folder seeded the same way, and every round loads each in turn. Beside req/s and
 * latency: the CPU milliseconds per request of the gateway (and of the worker) process, the figure
 * that moves least with the machine's other load.
 *
 * Each round gets offers nobody sent yet: --max-rate x --duration of them per round (more than wrk can
 * send in that time at the given rate; if it ever got to the end, repeats would answer 409 and show as
 * errors). Players, sessions and POGs are made in the database; the embedded app is seeded while it
 * is stopped. Scratch database, Redis keys and data folders are removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBaselineTree, type BaselineTree } from './baseline-tree';
import { measuringCpu, perRequest } from './cpu-time';
import { describeLoad, describeMachine } from './machine';
import { startApp, type ServerProcess } from './processes';
import { interleave, medianRatio, printSummary, type Figures } from './rounds';
import { seedUsers, type Queryable } from './scratch-db';
import { mintSessions, seedOwnPogs, withEmbeddedDatabase } from './sessions';
import { startStack, type Stack } from './stack';
import { runWrk, writeRequestFile } from './wrk';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    'max-rate': { type: 'string', default: '800' },
    baseline: { type: 'string' },
    shape: { type: 'string', default: 'distributed,embedded' },
  },
});
const SHAPES = new Set(values.shape.split(','));
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

/**
 * Every offer the players can make: the k-th sends to the player N/2 + floor(k / N) places on;
 * senders vary fastest. The offers in flight at once (one per connection) then never share a player:
 * with recipients 1 place on (before issue 15's part 5), each offer's recipient was the next offer's
 * sender, whose row the first holds FOR SHARE while the second wants it FOR NO KEY UPDATE (the daily
 * limit's lock), so consecutive offers waited for each other, a queue no real crowd forms.
 */
async function seedOffers(db: Queryable, sessionSecret: string): Promise<Offer[]> {
  const ids = await seedUsers(db, PLAYERS, `bench_w${randomBytes(2).toString('hex')}_`);
  const cookies = await mintSessions(db, ids, sessionSecret);
  const pogs = await seedOwnPogs(db, ids, 1);
  const offers: Offer[] = [];
  for (let k = 0; k < PLAYERS * 10; k++) {
    const sender = k % PLAYERS;
    const recipient = (sender + Math.floor(PLAYERS / 2) + Math.floor(k / PLAYERS)) % PLAYERS;
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
  /** The gateway's process id, then the worker's if it has one. */
  pids: number[];
}

async function send(target: Target, count: number, durationS: number): Promise<Figures> {
  const file = path.join(target.dir, `offers-${target.next}.tsv`);
  writeRequestFile(file, target.offers.slice(target.next, target.next + count));
  target.next += count;
  const { result: r, cpuMs } = await measuringCpu(target.pids, () => runWrk({ url: target.url, requestFile: file, origin: target.url, connections: Number(values.connections), durationS }));
  const figures: Figures = { 'req/s': r.rps, 'p50 ms': r.latencyMs.p50, 'p99 ms': r.latencyMs.p99, errors: r.errors, 'gateway cpu ms/req': perRequest(cpuMs[0]!, r.requests) };
  if (cpuMs.length > 1) figures['worker cpu ms/req'] = perRequest(cpuMs[1]!, r.requests);
  if (cpuMs.length > 2) figures['redis cpu ms/req'] = perRequest(cpuMs[2]!, r.requests);
  return figures;
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: wrk with ${values.connections} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s, ${PLAYERS} players per app`);
  console.log(`before: ${describeLoad()}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-writes-'));
  const stacks: Stack[] = [];
  const apps: ServerProcess[] = [];
  let baseline: BaselineTree | undefined;
  try {
    baseline = values.baseline ? prepareBaselineTree(values.baseline) : undefined;
    const sides = [...(baseline ? [{ suffix: `, baseline ${baseline.revision}`, root: baseline.root }] : []), { suffix: baseline ? ', this tree' : '', root: undefined }];
    const targets: Target[] = [];
    for (const [i, side] of sides.entries()) {
      if (SHAPES.has('distributed')) {
        const stack = await startStack({ label: `distributed${side.suffix}`, gateways: 1, workers: 1, root: side.root });
        stacks.push(stack);
        const [gateway, worker] = stack.pids();
        // The stack's own redis-server, when it has one, is counted third.
        const pids = [gateway!, worker!, ...(stack.redis ? [stack.redis.pid] : [])];
        targets.push({ label: `distributed${side.suffix}`, url: stack.gateways[0]!.url, offers: await seedOffers(stack.db, stack.sessionSecret), next: 0, dir: work, pids });
      }
      if (SHAPES.has('embedded')) {
        const secret = randomBytes(24).toString('base64url');
        const dataDir = path.join(work, `data-${i}`);
        await (await startApp({ nodeEnv: 'production', dataDir, sessionSecret: secret, root: side.root })).stop();
        const offers = await withEmbeddedDatabase(dataDir, (db) => seedOffers(db, secret));
        const embedded = await startApp({ nodeEnv: 'production', dataDir, sessionSecret: secret, env: { TRUST_PROXY: 'true' }, root: side.root });
        apps.push(embedded);
        targets.push({ label: `embedded${side.suffix}`, url: embedded.url, offers, next: 0, dir: work, pids: [embedded.child.pid!] });
      }
    }

    for (const target of targets) console.log(`warm-up ${target.label}: ${JSON.stringify(await send(target, PER_WARMUP, WARMUP_S))}`);
    const result = await interleave(
      targets.map((target) => ({ label: target.label, run: () => send(target, PER_ROUND, DURATION_S) })),
      ROUNDS,
    );
    printSummary(result);
    if (baseline) {
      for (const shape of ['distributed', 'embedded']) {
        if (!SHAPES.has(shape)) continue;
        const ratios = ['req/s', 'p99 ms', 'gateway cpu ms/req'].map((figure) => `${figure} ${medianRatio(result, `${shape}, this tree`, `${shape}, baseline ${baseline!.revision}`, figure).toFixed(2)}`);
        console.log(`${shape}, this tree / baseline (median of the rounds' ratios): ${ratios.join(', ')}`);
      }
    }
    console.log('goals (medians): distributed >= 400 req/s with p99 <= 100 ms; embedded >= 150 req/s');
  } finally {
    for (const app of apps) await app.stop().catch((error: unknown) => console.error(error));
    for (const stack of stacks) await stack.stop().catch((error: unknown) => console.error(error));
    rmSync(work, { recursive: true, force: true });
    baseline?.remove();
    console.log(`after: ${describeLoad()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
