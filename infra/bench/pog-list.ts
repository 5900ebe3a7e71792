/**
 * Explore's list while players trade: `GET /api/pogs` (the first page, trending and recent in turn)
 * per second and its p99, while players make --writes real trade offers a second (`POST /api/trades`
 * between distinct players, each a 201), distributed (PostgreSQL + Redis, one gateway and one worker
 * process) at --pogs POGs. Baseline: the same reads with no offers, in the same rounds.
 * Goal: >= 1,500 req/s with the offers.
 *
 *   npx tsx infra/bench/pog-list.ts [--rounds 3] [--duration 10] [--connections 8] [--pogs 100000] [--writes 20]
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@pog/domain/db';
import { runBenchmark } from './machine';
import { interleave, printSummary } from './rounds';
import { fillWorld } from './seed-sql';
import { call, seedPlayers, tradeOffers, type Player } from './sessions';
import { startStack } from './stack';
import { runWrk, wrkFigures } from './wrk';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    pogs: { type: 'string', default: '100000' },
    writes: { type: 'string', default: '20' },
  },
});
const [ROUNDS, DURATION_S, POGS, WRITES] = [Number(values.rounds), Number(values.duration), Number(values.pogs), Number(values.writes)];
const PAGES = ['/api/pogs?sort=trending&limit=24', '/api/pogs?sort=recent&limit=24'].map((path) => ({ method: 'GET', path }));

runBenchmark(async () => {
  console.log(`settings: wrk with ${values.connections} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s, ${WRITES} offers a second`);
  const stack = await startStack({ label: 'pog list', gateways: 1, workers: 1 });
  try {
    const database = await openDatabase({ url: stack.url, poolSize: 2 });
    await fillWorld(database, { players: Math.max(100, Math.ceil(POGS / 5)), pogs: POGS }).finally(() => database.close());
    const traders = await seedPlayers(stack.db, Math.max(22, Math.ceil((WRITES * DURATION_S * (ROUNDS + 1)) / 10) + 1), stack.sessionSecret);
    const byId = new Map<number, Player>(traders.map((p) => [p.id, p]));
    const offers = tradeOffers(traders);
    const url = stack.gateways[0]!.url;
    const reads = async () => wrkFigures(await runWrk({ url, connections: Number(values.connections), durationS: DURATION_S, requests: PAGES }));
    /** The reads while one offer goes out every 1/WRITES s (not waiting for the last one's answer, as players do not). */
    const readsWhileOffering = async () => {
      const sent: Promise<unknown>[] = [];
      let reading = true;
      const started = performance.now();
      const pacing = (async () => {
        while (reading) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (sent.length * 1000) / WRITES - performance.now())));
          const { body } = offers.shift()!;
          if (reading) sent.push(call(url, byId.get(body.fromUserId)!, 'POST', '/api/trades', body, 201));
        }
      })();
      const figures = await reads();
      reading = false;
      await pacing;
      await Promise.all(sent);
      return { ...figures, 'offers/s': (sent.length * 1000) / (performance.now() - started) };
    };
    await readsWhileOffering(); // unmeasured: JIT and pools of both paths
    const results = await interleave(
      [
        { label: 'reads alone (baseline)', run: reads },
        { label: `reads with ${WRITES} offers/s`, run: readsWhileOffering },
      ],
      ROUNDS,
    );
    printSummary(results, [{ subject: `reads with ${WRITES} offers/s`, figure: 'req/s', atLeast: 1500 }]);
  } finally {
    await stack.stop();
  }
});
