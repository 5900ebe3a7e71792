/**
 * Battles per second, the whole cycle, one worker: a pair of players challenges (POST /api/battles),
 * accepts (/accept) and plays (/complete), and the battle counts once its result (`battle:updated`,
 * completed) has reached both players' sockets; --pairs pairs at once, each playing its battles in
 * turn; distributed (PostgreSQL + Redis, a gateway and a worker process) and embedded (one process,
 * PGlite). Baseline: the bare Koa hello-world with as many connections as pairs, or with --baseline
 * REV the same battles on that revision. Goal: 300 battles per second or more. Each round also
 * prints the CPU a battle cost each part (the app's processes, the database's backends, Redis, and
 * this process's clients), how many cores they kept busy, and the rate at which that cost would
 * fill every core of the machine.
 */
import { availableParallelism } from 'node:os';
import { baselineTree } from './baseline-tree';
import { startHello } from './processes';
import { latencies, options, runBenchmark, type Defer, type Subject } from './rounds';
import { call, connectSocket, seedPlayers, type Player } from './sessions';
import { cpuMeter, startShape, type Running, type Shape } from './stack';
import { helloSubject } from './wrk';

const { values } = options({ pairs: '32', battles: '600', warmup: '100', shape: 'distributed,embedded', baseline: '' });
const [ROUNDS, PAIRS] = [Number(values.rounds), Number(values.pairs)];
const PER_ROUND = Math.ceil(Number(values.battles) / PAIRS);
const WARMUP = Math.ceil(Number(values.warmup) / PAIRS);

interface Arena {
  running: Running<Player[]>;
  /** Resolves a battle's wait once both players' sockets have seen it completed. */
  waiting: Map<number, { seen: Set<number>; done: () => void }>;
  /** Battles played so far by each pair: the next uses the players' next POGs. */
  played: number;
}

async function openArena(shape: Shape, label: string, root: string | undefined, defer: Defer): Promise<Arena> {
  const running = await startShape(shape, { label, root, defer }, (db, secret) => seedPlayers(db, 2 * PAIRS, secret, WARMUP + ROUNDS * PER_ROUND));
  const arena: Arena = { running, waiting: new Map(), played: 0 };
  for (const player of running.seeded) {
    const socket = await connectSocket(running.urls[0]!, player.cookie);
    socket.on('battle:updated', (battle: { id: number; status: string }) => {
      const entry = arena.waiting.get(battle.id);
      if (!entry || battle.status !== 'completed') return;
      entry.seen.add(player.id);
      if (entry.seen.size === 2) entry.done();
    });
    defer(() => socket.close());
  }
  return arena;
}

/** The steps of a battle a player waits for: each request's answer, then the result on both sockets after `complete` answered. */
const STEPS = ['challenge', 'accept', 'complete', 'result'] as const;
type StepTimes = Record<(typeof STEPS)[number], number>;

/** One battle from the challenge to its result on both sockets, with how long each step took. */
async function battle(arena: Arena, x: Player, y: Player, n: number): Promise<StepTimes> {
  const url = arena.running.urls[0]!;
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const took = now - mark;
    mark = now;
    return took;
  };
  const { id } = await call<{ id: number }>(url, x, 'POST', '/api/battles', { challengerId: x.id, defenderId: y.id, challengerPogId: x.pogs[n], battleType: 'standard' }, 201);
  const challenge = lap();
  await call(url, y, 'POST', `/api/battles/${id}/accept`, { defenderPogId: y.pogs[n] }, 200);
  const accept = lap();
  const delivered = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`battle ${id}: the result did not reach both sockets within 30 s`)), 30_000);
    arena.waiting.set(id, { seen: new Set(), done: () => (clearTimeout(timer), arena.waiting.delete(id), resolve()) });
  });
  await call(url, n % 2 ? y : x, 'POST', `/api/battles/${id}/complete`, undefined, 200);
  const complete = lap();
  await delivered;
  return { challenge, accept, complete, result: lap() };
}

/** Every pair plays its next `count` battles, all pairs at once. */
async function play(arena: Arena, count: number) {
  const players = arena.running.seeded;
  const cycles: number[] = [];
  const steps = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<(typeof STEPS)[number], number[]>;
  const meter = await cpuMeter(arena.running);
  const [from, started] = [arena.played, performance.now()];
  arena.played += count;
  await Promise.all(
    Array.from({ length: PAIRS }, async (_, p) => {
      for (let n = from; n < from + count; n++) {
        const sent = performance.now();
        const took = await battle(arena, players[2 * p]!, players[2 * p + 1]!, n);
        cycles.push(performance.now() - sent);
        for (const step of STEPS) steps[step].push(took[step]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stepMedians = STEPS.map((step) => [`${step} p50 ms`, latencies('', steps[step])['p50 ms']!]);
  // What each part spent on a battle, and the rate this machine's cores could give at that cost.
  const cpu = await meter();
  const perBattle = Object.fromEntries(Object.entries(cpu).map(([part, ms]) => [`CPU ms/battle ${part}`, ms / cycles.length]));
  const total = Object.values(cpu).reduce((a, b) => a + b, 0) / cycles.length;
  return {
    'battles/s': cycles.length / seconds,
    ...latencies('cycle', cycles),
    ...Object.fromEntries(stepMedians),
    ...perBattle,
    'cores busy': Object.values(cpu).reduce((a, b) => a + b, 0) / 1000 / seconds,
    'CPU-bound battles/s': (availableParallelism() * 1000) / total,
  };
}

runBenchmark(values.rounds, async (defer) => {
  console.log(`settings: ${PAIRS} pairs at once, ${ROUNDS} interleaved rounds of ${PAIRS * PER_ROUND} battles after ${PAIRS * WARMUP} to warm up`);
  const baseline = baselineTree(values.baseline, defer);
  const subjects: Subject[] = baseline ? [] : [helloSubject(await startHello(defer), PAIRS, 5)];
  const shapes = values.shape.split(',') as Shape[];
  const arenas: Arena[] = [];
  for (const shape of shapes) {
    if (baseline) arenas.push(await openArena(shape, `${shape}, baseline ${baseline.revision}`, baseline.root, defer));
    arenas.push(await openArena(shape, `${shape}, this tree`, undefined, defer));
  }
  for (const arena of arenas) await play(arena, WARMUP);
  subjects.push(...arenas.map((arena) => ({ label: arena.running.label, run: () => play(arena, PER_ROUND) })));
  return { subjects, goals: shapes.map((shape) => ({ subject: `${shape}, this tree`, figure: 'battles/s', atLeast: 300 })) };
});
