/**
 * Battles resolved per second end to end (issue 5 §6, issue 10 §6): from sending
 * `POST /api/battles/:id/complete` until `battle:updated` (completed) has reached BOTH players'
 * sockets, with one gateway process and ONE worker process on PostgreSQL and Redis. Also the p95 of
 * a single complete under that load and, where the tree has one, the relay's lag (commit to socket
 * emit, the gateway's pog_outbox_lag_seconds histogram interpolated within its buckets).
 * Goal: 300 battles per second or more.
 *
 *   npx tsx infra/bench/battles.ts [--rounds 3] [--pairs 32] [--battles 1000] [--warmup 300] [--before /tmp/before] [--check]
 *
 * Each tree gets its own stack (stack.ts: a scratch database and a Redis prefix, removed at the end).
 * Setup (not measured): 2 x --pairs players and their sessions are made in the database, each
 * connects one socket, gets one POG per battle, and the pairs create and accept --warmup + rounds x
 * --battles battles through the API. A round: all pairs at once, each completing its share of
 * --battles one after another. --before DIR runs the same against the tree in DIR (e.g. a worktree
 * of an older commit), interleaved: A, B, A, B... --check exits 1 when this tree's median is below
 * the goal.
 */
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { percentile } from './load';
import { cpuSnapshot, cpuSpent } from './cpu-time';
import { describeLoad, describeMachine } from './machine';
import { StatementProfile } from './pg-statements';
import { difference, quantile, scrapeHistogram } from './metrics';
import { interleave, median, printSummary, type Figures } from './rounds';
import { commandsBetween, describeCommands } from './own-redis';
import { seedUsers } from './scratch-db';
import { connectSocket, mintSessions, seedOwnPogs } from './sessions';
import { startStack, type Stack } from './stack';

const GOAL_PER_SECOND = 300;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    pairs: { type: 'string', default: '32' },
    battles: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '300' },
    before: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const PAIRS = Math.max(1, Number(values.pairs));
const WARMUP_PER_PAIR = Math.max(0, Math.ceil(Number(values.warmup) / PAIRS));
const ROUND_PER_PAIR = Math.max(1, Math.ceil(Number(values.battles) / PAIRS));
const BATTLES_PER_PAIR = WARMUP_PER_PAIR + ROUNDS * ROUND_PER_PAIR;
/** Stop waiting for a battle's events after this long: a lost event fails the run instead of hanging it. */
const EVENT_TIMEOUT_MS = 30_000;

interface Player {
  id: number;
  cookie: string;
  address: string;
  socket: Socket;
}

async function call(baseUrl: string, player: Pick<Player, 'cookie' | 'address'>, method: string, route: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(baseUrl + route, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, 'X-Forwarded-For': player.address, ...(player.cookie ? { Cookie: player.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function expectStatus(result: { status: number; body: unknown }, status: number, what: string): void {
  if (result.status !== status) throw new Error(`${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
}

/** Resolves once both players' sockets have seen the battle completed. */
class CompletionWatch {
  private readonly waiting = new Map<number, { seen: Set<number>; done: () => void }>();

  listen(player: Player): void {
    player.socket.on('battle:updated', (battle: { id: number; status: string }) => {
      const entry = this.waiting.get(battle.id);
      if (!entry || battle.status !== 'completed') return;
      entry.seen.add(player.id);
      if (entry.seen.size === 2) {
        this.waiting.delete(battle.id);
        entry.done();
      }
    });
  }

  /** Call before sending the complete, so that no event can arrive unwatched. */
  expect(battleId: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`battle ${battleId}: battle:updated did not reach both sockets within ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS);
      this.waiting.set(battleId, { seen: new Set(), done: () => (clearTimeout(timer), resolve()) });
    });
  }
}

interface Arena {
  stack: Stack;
  players: Player[];
  pairs: (readonly [Player, Player])[];
  accepted: number[][];
  watch: CompletionWatch;
  /** Battles completed so far, per pair (the same for every pair). */
  done: number;
  /** PostgreSQL's statements per battle (BENCH_PG_STATEMENTS). */
  statements?: StatementProfile;
}

async function setUp(label: string, root: string | undefined): Promise<Arena> {
  const stack = await startStack({ label, root, gateways: 1, workers: 1 });
  const baseUrl = stack.gateways[0]!.url;
  const ids = await seedUsers(stack.db, PAIRS * 2, `bench_${label.replace(/\W/g, '')}_`);
  const cookies = await mintSessions(stack.db, ids, stack.sessionSecret);
  const pogsOf = await seedOwnPogs(stack.db, ids, BATTLES_PER_PAIR);
  const watch = new CompletionWatch();
  const players: Player[] = [];
  for (let i = 0; i < ids.length; i++) {
    const player = { id: ids[i]!, cookie: cookies[i]!, address: `10.77.${i >> 8}.${(i & 255) + 1}`, socket: await connectSocket(baseUrl, cookies[i]!) };
    watch.listen(player);
    players.push(player);
  }
  const pairs = Array.from({ length: PAIRS }, (_, i) => [players[2 * i]!, players[2 * i + 1]!] as const);
  const accepted = await Promise.all(
    pairs.map(async ([x, y]) => {
      const battles: number[] = [];
      for (let n = 0; n < BATTLES_PER_PAIR; n++) {
        const created = await call(baseUrl, x, 'POST', '/api/battles', { challengerId: x.id, defenderId: y.id, challengerPogId: pogsOf.get(x.id)![n], battleType: 'standard' });
        expectStatus(created, 201, 'POST /api/battles');
        const id = (created.body as { id: number }).id;
        expectStatus(await call(baseUrl, y, 'POST', `/api/battles/${id}/accept`, { defenderPogId: pogsOf.get(y.id)![n] }), 200, 'accept');
        battles.push(id);
      }
      return battles;
    }),
  );
  console.log(`${label}: ${players.length} players, ${PAIRS * BATTLES_PER_PAIR} accepted battles (${PAIRS * WARMUP_PER_PAIR} to warm up)`);
  return { stack, players, pairs, accepted, watch, done: 0, statements: await StatementProfile.open(stack.db) };
}

/** Each pair completes its next `perPair` battles in turn (alternating who presses), all pairs at once. */
async function completeNext(arena: Arena, perPair: number): Promise<{ endToEnd: number[]; response: number[]; ms: number }> {
  const baseUrl = arena.stack.gateways[0]!.url;
  const [from, to] = [arena.done, arena.done + perPair];
  arena.done = to;
  const endToEnd: number[] = [];
  const response: number[] = [];
  const started = performance.now();
  await Promise.all(
    arena.pairs.map(async ([x, y], p) => {
      for (let n = from; n < to; n++) {
        const id = arena.accepted[p]![n]!;
        const delivered = arena.watch.expect(id);
        const sent = performance.now();
        const answer = await call(baseUrl, n % 2 ? y : x, 'POST', `/api/battles/${id}/complete`);
        response.push(performance.now() - sent);
        expectStatus(answer, 200, 'complete');
        await delivered;
        endToEnd.push(performance.now() - sent);
      }
    }),
  );
  return { endToEnd: endToEnd.sort((a, b) => a - b), response: response.sort((a, b) => a - b), ms: performance.now() - started };
}

async function round(arena: Arena): Promise<Figures> {
  const gateway = arena.stack.gateways[0]!.url;
  const lagBefore = await scrapeHistogram(gateway, 'pog_outbox_lag_seconds');
  const { redis } = arena.stack;
  // The stack's own redis-server (when it has one) is counted beside the app's processes.
  const pids = [...arena.stack.pids(), ...(redis ? [redis.pid] : [])];
  const commandsBefore = await redis?.commandCounts();
  await arena.statements?.reset();
  const cpuBefore = await cpuSnapshot(pids, arena.stack.db);
  const { endToEnd, response, ms } = await completeNext(arena, ROUND_PER_PAIR);
  const cpu = cpuSpent(cpuBefore, await cpuSnapshot(pids, arena.stack.db), pids);
  const commands = redis && commandsBefore ? commandsBetween(commandsBefore, await redis.commandCounts()) : undefined;
  await arena.statements?.read(arena.stack.label, endToEnd.length, 'battle');
  const figures: Figures = {
    'battles/s': (endToEnd.length / ms) * 1000,
    'e2e p50 ms': percentile(endToEnd, 50),
    'e2e p99 ms': percentile(endToEnd, 99),
    'complete p95 ms': percentile(response, 95),
    // What one battle costs, whatever the load: the gateway's, the worker's and PostgreSQL's CPU.
    'gateway cpu ms/battle': cpu.apps[0]! / endToEnd.length,
    'worker cpu ms/battle': cpu.apps[1]! / endToEnd.length,
    'postgres cpu ms/battle': cpu.postgres / endToEnd.length,
  };
  if (redis && commands) {
    figures['redis cpu ms/battle'] = cpu.apps[2]! / endToEnd.length;
    figures['redis commands/battle'] = commands.reduce((sum, [, calls]) => sum + calls, 0) / endToEnd.length;
    console.log(`  ${arena.stack.label}: Redis commands per battle: ${describeCommands(commands, endToEnd.length)}`);
  }
  const lagAfter = await scrapeHistogram(gateway, 'pog_outbox_lag_seconds');
  if (lagAfter) {
    const lag = difference(lagAfter, lagBefore);
    figures['relay lag p50 ms'] = quantile(lag, 0.5) * 1000;
    figures['relay lag p99 ms'] = quantile(lag, 0.99) * 1000;
  }
  return figures;
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: ${PAIRS} pairs completing at once, ${ROUNDS} interleaved rounds of ${PAIRS * ROUND_PER_PAIR} battles after ${PAIRS * WARMUP_PER_PAIR} to warm up, 1 gateway + 1 worker process, PostgreSQL + Redis`);
  console.log(`before: ${describeLoad()}`);
  const arenas: Arena[] = [];
  try {
    if (values.before) arenas.push(await setUp('before', values.before));
    arenas.push(await setUp(values.before ? 'after (this tree)' : 'this tree', undefined));
    for (const arena of arenas) await completeNext(arena, WARMUP_PER_PAIR);
    const result = await interleave(
      arenas.map((arena) => ({ label: arena.stack.label, run: () => round(arena) })),
      ROUNDS,
    );
    printSummary(result);
    for (const arena of arenas) arena.statements?.print();
    const mine = median(result.figures.get(arenas.at(-1)!.stack.label)!.get('battles/s')!);
    console.log(`goal >= ${GOAL_PER_SECOND} battles per second (median of this tree's rounds, ${Math.round(mine)}): ${mine >= GOAL_PER_SECOND ? 'meets the goal' : 'BELOW the goal'}`);
    if (values.check && mine < GOAL_PER_SECOND) process.exitCode = 1;
  } finally {
    for (const arena of arenas) {
      for (const p of arena.players) p.socket.close();
      await arena.stack.stop();
    }
    console.log(`after: ${describeLoad()}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
