/**
 * Issue 4's and issue 10's figure: the time from sending `POST /api/trades` until the RECIPIENT's
 * socket receives `trade:created`, with --players (1,000) distinct players connected, one socket
 * each, across two gateway processes that share PostgreSQL and Redis. Offers go from player to
 * player all over the crowd (each offer reaches two sockets: the recipient's and the sender's), sent
 * on the gateway the recipient is NOT connected to, --concurrency at a time. Goal: p99 <= 100 ms.
 * Also the relay's lag (commit to socket emit; the gateways' pog_outbox_lag_seconds histogram,
 * interpolated within its buckets) p50/p99 over each round, where the tree has one.
 *
 *   npx tsx infra/bench/trade-latency.ts [--rounds 3] [--samples 300] [--players 1000] [--concurrency 8] [--before /tmp/before]
 *
 * --before DIR  also run the same benchmark against the repository tree in DIR (e.g. a worktree of
 *               an older commit with node_modules), interleaved with this one: A, B, A, B...
 * Needs PostgreSQL at 127.0.0.1:5432 (trust; one scratch database per tree, dropped) and Redis at
 * 127.0.0.1:6379 (a random key prefix per tree, removed). Each player sends at most 10 offers (the
 * daily limit), so rounds x samples <= 10 x players.
 */
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { percentile } from './load';
import { cpuSnapshot, cpuSpent } from './cpu-time';
import { StatementProfile } from './pg-statements';
import { describeLoad, describeMachine } from './machine';
import { difference, quantile, scrapeHistogram, sum } from './metrics';
import { interleave, printSummary, type Figures } from './rounds';
import { seedUsers } from './scratch-db';
import { connectSocket, mintSessions, seedOwnPogs } from './sessions';
import { startStack, type Stack } from './stack';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    samples: { type: 'string', default: '300' },
    players: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '8' },
    before: { type: 'string' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const PLAYERS = Math.max(20, Number(values.players));
// The last 20 offers (10 per player) are the warm-up.
const SAMPLES = Math.min(Number(values.samples), Math.floor((PLAYERS * 10 - 20) / ROUNDS));
const CONCURRENCY = Math.max(1, Number(values.concurrency));
const LAG = 'pog_outbox_lag_seconds';

interface Crowd {
  stack: Stack;
  sockets: Socket[];
  cookies: string[];
  ids: number[];
  pogOf: number[];
  /** Arrival times at recipients, by `${fromUserId}:${requestPogId}`. */
  arrivals: Map<string, number>;
  waiting: Map<string, () => void>;
  next: number;
  /** PostgreSQL's statements per offer (BENCH_PG_STATEMENTS). */
  statements?: StatementProfile;
}

async function setUp(label: string, root: string | undefined): Promise<Crowd> {
  const stack = await startStack({ label, root, gateways: 2, workers: 0 });
  const ids = await seedUsers(stack.db, PLAYERS, `bench_${label.replace(/\W/g, '')}_`);
  const cookies = await mintSessions(stack.db, ids, stack.sessionSecret);
  const pogs = await seedOwnPogs(stack.db, ids, 1);
  const crowd: Crowd = {
    stack,
    sockets: [],
    cookies,
    ids,
    pogOf: ids.map((id) => pogs.get(id)![0]!),
    arrivals: new Map(),
    waiting: new Map(),
    next: 0,
    statements: await StatementProfile.open(stack.db),
  };
  for (let i = 0; i < PLAYERS; i += 50) {
    const batch = [];
    for (let k = i; k < Math.min(PLAYERS, i + 50); k++) batch.push(connectSocket(stack.gateways[k % 2]!.url, cookies[k]!));
    crowd.sockets.push(...(await Promise.all(batch)));
  }
  crowd.sockets.forEach((socket, i) =>
    socket.on('trade:created', (trade: { fromUserId: number; toUserId: number; requestPogId: number }) => {
      if (trade.toUserId !== ids[i]) return; // the sender's own copy
      const key = `${trade.fromUserId}:${trade.requestPogId}`;
      crowd.arrivals.set(key, performance.now());
      crowd.waiting.get(key)?.();
    }),
  );
  return crowd;
}

/** Offer number k: sender k mod N, to the player 1 + floor(k / N) places on (10 distinct per sender). */
async function offer(crowd: Crowd, k: number): Promise<{ latency: number; response: number }> {
  const sender = k % PLAYERS;
  const recipient = (sender + 1 + Math.floor(k / PLAYERS)) % PLAYERS;
  const [from, to] = [crowd.ids[sender]!, crowd.ids[recipient]!];
  const key = `${from}:${crowd.pogOf[recipient]}`;
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`offer ${key} never reached the recipient's socket`)), 10_000);
    crowd.waiting.set(key, () => (clearTimeout(timer), resolve()));
  });
  // The gateway the recipient is not connected to: the event must cross gateways.
  const gateway = crowd.stack.gateways[(recipient + 1) % 2]!.url;
  const sent = performance.now();
  const res = await fetch(`${gateway}/api/trades`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway, cookie: crowd.cookies[sender]!, 'x-forwarded-for': `10.9.${sender >> 8}.${sender & 255}` },
    body: JSON.stringify({ fromUserId: from, toUserId: to, offerPogId: crowd.pogOf[sender], requestPogId: crowd.pogOf[recipient] }),
  });
  const response = performance.now() - sent;
  if (res.status !== 201) throw new Error(`offer ${key}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  await arrived;
  crowd.waiting.delete(key);
  return { latency: crowd.arrivals.get(key)! - sent, response };
}

async function round(crowd: Crowd): Promise<Figures> {
  const lagBefore = await Promise.all(crowd.stack.gateways.map((g) => scrapeHistogram(g.url, LAG)));
  const latencies: number[] = [];
  const responses: number[] = [];
  const last = crowd.next + SAMPLES;
  const appPids = crowd.stack.pids();
  const { redis } = crowd.stack;
  // The stack's own redis-server (when it has one) is counted after the app's processes.
  const pids = [...appPids, ...(redis ? [redis.pid] : [])];
  await crowd.statements?.reset();
  const cpuBefore = await cpuSnapshot(pids, crowd.stack.db);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (crowd.next < last) {
        const r = await offer(crowd, crowd.next++);
        latencies.push(r.latency);
        responses.push(r.response);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSpent(cpuBefore, await cpuSnapshot(pids, crowd.stack.db), pids);
  await crowd.statements?.read(crowd.stack.label, latencies.length, 'offer');
  latencies.sort((a, b) => a - b);
  responses.sort((a, b) => a - b);
  const figures: Figures = {
    'offers/s': latencies.length / seconds,
    'p50 ms': percentile(latencies, 50),
    'p95 ms': percentile(latencies, 95),
    'p99 ms': percentile(latencies, 99),
    'POST p99 ms': percentile(responses, 99),
    // What one offer costs, whatever the load: both gateways' CPU together, and PostgreSQL's.
    'gateways cpu ms/offer': cpu.apps.slice(0, appPids.length).reduce((a, b) => a + b, 0) / latencies.length,
    'postgres cpu ms/offer': cpu.postgres / latencies.length,
  };
  if (redis) figures['redis cpu ms/offer'] = cpu.apps[appPids.length]! / latencies.length;
  const lagAfter = await Promise.all(crowd.stack.gateways.map((g) => scrapeHistogram(g.url, LAG)));
  if (lagAfter.every((b) => b !== undefined)) {
    const lag = sum(lagAfter.map((after, i) => difference(after!, lagBefore[i])));
    figures['relay lag p50 ms'] = quantile(lag, 0.5) * 1000;
    figures['relay lag p99 ms'] = quantile(lag, 0.99) * 1000;
  }
  return figures;
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: ${PLAYERS} players each with one socket (two gateways, each also processing jobs; PostgreSQL + Redis), ${ROUNDS} interleaved rounds of ${SAMPLES} offers, ${CONCURRENCY} in flight`);
  console.log(`before: ${describeLoad()}`);
  const crowds: Crowd[] = [];
  try {
    if (values.before) crowds.push(await setUp('before', values.before));
    crowds.push(await setUp(values.before ? 'after (this tree)' : 'this tree', undefined));
    // Unmeasured warm-up: a few offers each (JIT, pools), taken from the last round's share.
    for (const crowd of crowds) for (let i = 0; i < 20; i++) await offer(crowd, PLAYERS * 10 - 1 - i);
    const result = await interleave(
      crowds.map((crowd) => ({ label: crowd.stack.label, run: () => round(crowd) })),
      ROUNDS,
    );
    printSummary(result);
    for (const crowd of crowds) crowd.statements?.print();
    console.log('goal: p99 <= 100 ms from sending the offer to the recipient socket receiving it');
  } finally {
    for (const crowd of crowds) {
      for (const socket of crowd.sockets) socket.close();
      await crowd.stack.stop();
    }
    console.log(`after: ${describeLoad()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
