/**
 * `POST /api/trades` between distinct players: requests per second (every offer a 201) and p99, wrk
 * sending offers nobody sent yet (10 per player at most, the daily limit), distributed (PostgreSQL +
 * Redis, one gateway and one worker process) and embedded (one process, PGlite). Baseline: one-INSERT
 * transactions on the same database engine (the stack's PostgreSQL, as many at once as wrk's
 * connections; a PGlite opened as the app opens it, one at a time as its one connection runs them),
 * or with --baseline REV the same offers on that revision. Goals: distributed >= 400 req/s with
 * p99 <= 100 ms; embedded half of that (>= 200 req/s, p99 <= 200 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteOptions } from '@pog/domain/db';
import { prepareBaselineTree } from './baseline-tree';
import { options, runBenchmark } from './machine';
import { closedLoop, interleave, latencies, printSummary, type Figures, type Goal, type Subject } from './rounds';
import { seedPlayers, tradeOffers, type Offer } from './sessions';
import { startShape, type Running, type Shape } from './stack';
import { runWrk, wrkFigures } from './wrk';

const { values } = options({ duration: '10', connections: '16', 'max-rate': '800', shape: 'distributed,embedded', baseline: '' });
const [ROUNDS, DURATION_S, CONNECTIONS, PER_SECOND, WARMUP_S] = [Number(values.rounds), Number(values.duration), Number(values.connections), Number(values['max-rate']), 3];
// Enough offers that wrk never gets to the end of a round's share (repeats would answer 409: errors).
const PLAYERS = Math.max(22, Math.ceil((PER_SECOND * (ROUNDS * DURATION_S + WARMUP_S)) / 10) + 1);
const INSERT = 'INSERT INTO bench_one_insert (body) VALUES ($1)';
const TABLE = 'CREATE TABLE IF NOT EXISTS bench_one_insert (id bigserial PRIMARY KEY, body jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())';

/** Sends the next `seconds` x --max-rate offers of a running app with wrk. */
function offerSender(running: Running<Offer[]>) {
  let next = 0;
  return async (seconds: number): Promise<Figures> => {
    const requests = running.seeded.slice(next, (next += PER_SECOND * seconds));
    return wrkFigures(await runWrk({ url: running.urls[0]!, connections: CONNECTIONS, durationS: seconds, requests }));
  };
}

/** One-INSERT transactions on the stack's PostgreSQL, `CONNECTIONS` at once. */
async function postgresInserts(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  await pool.query(TABLE);
  const insert = async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(INSERT, ['{"offer":1}']);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
  return { run: (seconds: number) => closedLoop(CONNECTIONS, seconds * 1000, insert), close: () => pool.end() };
}

/** One-INSERT transactions on a PGlite of its own, opened as the app opens it. */
async function pgliteInserts() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-insert-'));
  const db = await PGlite.create(dir, pgliteOptions());
  await db.query(TABLE);
  const insert = () => db.transaction(async (tx) => void (await tx.query(INSERT, ['{"offer":1}'])));
  return { run: (seconds: number) => closedLoop(1, seconds * 1000, insert), close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
}

runBenchmark(async (defer) => {
  console.log(`settings: wrk with ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s, ${PLAYERS} players per app`);
  const baseline = values.baseline ? prepareBaselineTree(values.baseline) : undefined;
  if (baseline) defer(baseline.remove);
  const subjects: Subject[] = [];
  const goals: Goal[] = [];
  for (const shape of values.shape.split(',') as Shape[]) {
    const start = async (label: string, root?: string) => {
      const running = await startShape(shape, { label, root }, async (db, secret) => tradeOffers(await seedPlayers(db, PLAYERS, secret)));
      defer(running.stop);
      const send = offerSender(running);
      console.log(`warm-up ${label}: ${JSON.stringify(await send(WARMUP_S))}`);
      return { running, send };
    };
    if (baseline) {
      const { send } = await start(`${shape}, baseline ${baseline.revision}`, baseline.root);
      subjects.push({ label: `${shape}, baseline ${baseline.revision}`, run: () => send(DURATION_S) });
    }
    const { running, send } = await start(`${shape}, this tree`);
    if (!baseline) {
      const inserts = shape === 'distributed' ? await postgresInserts(running.url!) : await pgliteInserts();
      defer(inserts.close);
      const run = async () => {
        const r = await inserts.run(DURATION_S);
        return { 'req/s': r.perSecond, ...latencies('', r.samples) };
      };
      subjects.push({ label: `${shape}, one-INSERT transaction (baseline)`, run });
    }
    subjects.push({ label: `${shape}, this tree`, run: () => send(DURATION_S) });
    const [rate, p99] = shape === 'distributed' ? [400, 100] : [200, 200];
    goals.push({ subject: `${shape}, this tree`, figure: 'req/s', atLeast: rate }, { subject: `${shape}, this tree`, figure: 'p99 ms', atMost: p99 });
  }
  printSummary(await interleave(subjects, ROUNDS), goals);
});
