/**
 * `POST /api/trades` between distinct players: requests per second (every offer a 201) and p99, wrk
 * sending offers nobody sent yet, distributed (PostgreSQL + Redis, a gateway and a worker process)
 * and embedded (one process, PGlite). Baseline: one-INSERT transactions on the same database engine
 * (the stack's PostgreSQL, as many at once as wrk's connections; a PGlite opened as the app opens it,
 * one at a time), or with --baseline REV the same offers on that revision. Goals: distributed
 * >= 400 req/s with p99 <= 100 ms; embedded >= 200 req/s, p99 <= 200 ms.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '@pog/domain/db';
import { baselineTree } from './baseline-tree';
import { tempDir } from './processes';
import { closedLoop, latencies, options, runBenchmark, type Defer, type Figures, type Goal, type Subject } from './rounds';
import { seedPlayers, tradeOffers } from './sessions';
import { startShape, type Shape } from './stack';
import { wrkLoad } from './wrk';

const { values } = options({ duration: '10', connections: '16', 'max-rate': '800', shape: 'distributed,embedded', baseline: '' });
const [ROUNDS, DURATION_S, CONNECTIONS, PER_SECOND, WARMUP_S] = [Number(values.rounds), Number(values.duration), Number(values.connections), Number(values['max-rate']), 3];
// Enough offers that wrk never gets to the end of a round's share (repeats would answer 409: errors).
const PLAYERS = Math.max(22, Math.ceil((PER_SECOND * (ROUNDS * DURATION_S + WARMUP_S)) / 10) + 1);

/** One-INSERT transactions on the stack's PostgreSQL at `url`, CONNECTIONS at once, or on a PGlite of their own. */
async function oneInserts(url: string | undefined, defer: Defer): Promise<() => Promise<Figures>> {
  const database = await openDatabase(url ? { url, poolSize: CONNECTIONS } : { pgliteDir: tempDir('pog-bench-insert-', defer) });
  defer(() => database.close());
  await database.db.execute(sql`CREATE TABLE bench_one_insert (id bigserial PRIMARY KEY, body jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
  const insert = () => database.db.transaction(async (tx) => void (await tx.execute(sql`INSERT INTO bench_one_insert (body) VALUES (${'{"offer":1}'})`)));
  return async () => {
    const r = await closedLoop(url ? CONNECTIONS : 1, DURATION_S * 1000, insert);
    return { 'req/s': r.perSecond, ...latencies('', r.samples) };
  };
}

runBenchmark(values.rounds, async (defer) => {
  console.log(`settings: wrk with ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s, ${PLAYERS} players per app`);
  const baseline = baselineTree(values.baseline, defer);
  const subjects: Subject[] = [];
  const goals: Goal[] = [];
  for (const shape of values.shape.split(',') as Shape[]) {
    /** The app seeded with offers, warmed up: the next DURATION_S x --max-rate of them sent with wrk per round. */
    const start = async (label: string, root?: string) => {
      const running = await startShape(shape, { label, root, defer }, async (db, secret) => tradeOffers(await seedPlayers(db, PLAYERS, secret)));
      let next = 0;
      const send = (seconds: number) => wrkLoad(running.urls[0]!, CONNECTIONS, seconds, running.seeded.slice(next, (next += PER_SECOND * seconds)))();
      console.log(`warm-up ${label}: ${JSON.stringify(await send(WARMUP_S))}`);
      return { label, run: () => send(DURATION_S), url: running.url };
    };
    if (baseline) subjects.push(await start(`${shape}, baseline ${baseline.revision}`, baseline.root));
    const tree = await start(`${shape}, this tree`);
    if (!baseline) subjects.push({ label: `${shape}, one-INSERT transaction (baseline)`, run: await oneInserts(tree.url, defer) });
    subjects.push(tree);
    const [rate, p99] = shape === 'distributed' ? [400, 100] : [200, 200];
    goals.push({ subject: tree.label, figure: 'req/s', atLeast: rate }, { subject: tree.label, figure: 'p99 ms', atMost: p99 });
  }
  return { subjects, goals };
});
