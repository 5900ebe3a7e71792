/**
 * Baseline against subject, interleaved: each round loads every scenario on the baseline app, then
 * on the subject app (A, B, A, B...), with wrk; the figures printed are min / median / max over the
 * rounds. Also the databases they run on, prepared before the apps start: a scratch PostgreSQL
 * database or a PGlite folder, migrated with the migrations of the code that will run on it, filled
 * in bulk by SQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { migrate, openDatabase, pgliteDatabase, pgliteOptions, recountPogsHeld, type Database } from '@pog/common/server';
import { prepareBaselineTree, type BaselineTree } from './baseline-tree';
import { startApp, type ServerProcess } from './processes';
import { LOCAL_POSTGRES, scratchDatabaseName } from './scratch-db';
import { describeLoad, describeMachine } from './machine';
import { repoRoot } from './processes';
import { bulkFill } from './bulk-fill';
import { analyze, fillPlayers, fillPogs } from './seed-sql';
import { median } from './rounds';
import { runWrk, writeRequestFile } from './wrk';
import { cpuSnapshot, cpuSpent, perRequest } from './cpu-time';

/** One wrk run's figures: requests/s, errors and latency percentiles in ms. */
interface PathsResult {
  rps: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU ms per request of the app's process (PGlite's thread included) and, on PostgreSQL, of its database's backends. */
  appCpuMs: number;
  dbCpuMs?: number;
}

/** wrk against one server, each connection sending the GET paths in turn (a request file, see wrk.ts). */
/**
 * The requests of one run: each path from one client address, or, with `clients` > 1, from that
 * many (X-Forwarded-For, the apps trusting one proxy hop), the lines going through every client for
 * a path before the next path, so that a client's next request comes `clients` requests later.
 */
export function requestLines(paths: string[], clients: number): Array<{ method: string; path: string; forwardedFor?: string }> {
  if (clients <= 1) return paths.map((p) => ({ method: 'GET', path: p }));
  const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return paths.flatMap((p) => Array.from({ length: clients }, (_, n) => ({ method: 'GET', path: p, forwardedFor: address(n + 1) })));
}

async function runPaths(side: Side, paths: string[], options: AbOptions, durationS: number): Promise<PathsResult> {
  const { connections, clients } = options;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-paths-'));
  try {
    const file = path.join(dir, 'requests.tsv');
    writeRequestFile(file, requestLines(paths, clients));
    const pids = [side.app.child.pid!];
    const before = await cpuSnapshot(pids, side.databasePool);
    const r = await runWrk({ url: side.app.url, requestFile: file, connections, durationS });
    const spent = cpuSpent(before, await cpuSnapshot(pids, side.databasePool), pids);
    return {
      rps: r.rps, errors: r.errors, p50: r.latencyMs.p50, p95: r.latencyMs.p95, p99: r.latencyMs.p99,
      appCpuMs: perRequest(spent.apps[0]!, r.requests),
      ...(side.databasePool ? { dbCpuMs: perRequest(spent.postgres, r.requests) } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** "p95 12.3 / 14.1 / 20.0 ms" for rounds of results (min / median / max). */
function describeRounds(results: PathsResult[]): string {
  const part = (label: string, pick: (r: PathsResult) => number, unit: string, format = ms) => {
    const values = results.map(pick);
    return `${label} ${format(Math.min(...values))} / ${format(median(values))} / ${format(Math.max(...values))}${unit}`;
  };
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  const cpu = (v: number) => v.toFixed(2);
  return [
    part('p50', (r) => r.p50, ' ms'), part('p95', (r) => r.p95, ' ms'), part('p99', (r) => r.p99, ' ms'), part('req/s', (r) => r.rps, '', (v) => v.toFixed(0)),
    part('app CPU', (r) => r.appCpuMs, ' ms/req', cpu),
    ...(results[0]?.dbCpuMs === undefined ? [] : [part('PostgreSQL CPU', (r) => r.dbCpuMs!, ' ms/req', cpu)]),
  ].join('  ') + (errors ? `  ERRORS ${errors}` : '');
}

export type DatabaseKind = 'postgres' | 'pglite';

/** A database ready for an app: a scratch PostgreSQL database (url) or a PGlite DATA_DIR. */
export interface PreparedDatabase {
  kind: DatabaseKind;
  url?: string;
  dataDir?: string;
  drop(): Promise<void>;
}

/** Runs one statement of SQL text on the database being filled. */
export type Exec = (text: string) => Promise<Array<Record<string, unknown>>>;

/**
 * PGlite as the app opens it, with more memory for the fill only (nothing of it is stored): 512 MB of
 * buffers instead of 32, so the million-row table and its indexes stay in memory while they are
 * written, and 256 MB to sort each index as it is built.
 */
function fillingPgliteOptions(): PGliteOptions {
  const options = pgliteOptions();
  return { ...options, startParams: [...(options.startParams ?? []), '-c', 'shared_buffers=512MB', '-c', 'maintenance_work_mem=256MB'] };
}

export async function prepareDatabase(kind: DatabaseKind, label: string, migrationsDir: string, fill: (exec: Exec, database: Database) => Promise<void>): Promise<PreparedDatabase> {
  let database: Database;
  let prepared: PreparedDatabase;
  if (kind === 'postgres') {
    const name = scratchDatabaseName(label);
    const admin = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = `${LOCAL_POSTGRES}/${name}`;
    database = await openDatabase({ url, poolSize: 2 });
    prepared = {
      kind,
      url,
      drop: async () => {
        const client = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `pog-bench-${label}-`));
    database = pgliteDatabase(await PGlite.create(path.join(dataDir, 'pglite'), fillingPgliteOptions()), 'PGlite being filled');
    prepared = { kind, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  try {
    await migrate(database, migrationsDir);
    await fill(async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows, database);
  } catch (error) {
    await database.close();
    await prepared.drop();
    throw error;
  }
  await database.close();
  return prepared;
}

export interface Scenario {
  label: string;
  paths: string[];
  goalP95Ms?: number;
}

export interface Side {
  label: string;
  app: ServerProcess;
  /** On PostgreSQL: a connection to the app's database, to find the backends serving it (their CPU time). */
  databasePool?: pg.Pool;
}

export interface AbOptions {
  rounds: number;
  connections: number;
  /**
   * Client addresses the requests come from (X-Forwarded-For): 1, all from one (the default); an
   * app runs one client's searches one at a time with rests between (search-pacing.ts), so with
   * several connections one client's latency is mostly its own queue.
   */
  clients: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/**
 * After wrk stops, the server is still answering the requests it had received (a baseline's search
 * of 700 ms goes on for that long, on the same two cores): the next run waits for them, or its
 * first requests are measured against the previous side's leftovers.
 */
async function settle(result: PathsResult): Promise<void> {
  const wait = Math.min(5_000, 250 + 1.5 * result.p99);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Loads each scenario on each side, interleaved over rounds, and prints one line per scenario and side. */
export async function runInterleaved(title: string, sides: Side[], scenarios: Scenario[], options: AbOptions): Promise<void> {
  if (options.rounds < 1) return; // --rounds 0: the plans only
  const results = new Map<string, PathsResult[]>();
  const key = (scenario: Scenario, side: Side) => `${scenario.label}\u0000${side.label}`;
  for (const scenario of scenarios) {
    for (const side of sides) await settle(await runPaths(side, scenario.paths, options, options.warmupSeconds));
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const scenario of scenarios) {
      for (const side of sides) {
        const result = await runPaths(side, scenario.paths, options, options.durationSeconds);
        await settle(result);
        results.set(key(scenario, side), [...(results.get(key(scenario, side)) ?? []), result]);
      }
    }
  }
  const from = options.clients > 1 ? `${options.clients.toLocaleString('en')} client addresses` : 'one client address';
  console.log(`\n${title} (${options.rounds} interleaved rounds of ${options.durationSeconds} s, wrk ${options.connections} connections, ${from}; min / median / max):`);
  for (const scenario of scenarios) {
    for (const side of sides) {
      const rounds = results.get(key(scenario, side))!;
      const medianP95 = median(rounds.map((r) => r.p95));
      const verdict = scenario.goalP95Ms === undefined ? '' : medianP95 <= scenario.goalP95Ms ? `  [goal p95 <= ${scenario.goalP95Ms} ms: met]` : `  [goal p95 <= ${scenario.goalP95Ms} ms: MISSED]`;
      console.log(`  ${scenario.label.padEnd(28)} ${side.label.padEnd(18)} ${describeRounds(rounds)}${verdict}`);
    }
  }
}

/** The baseline and subject apps on their own databases, started together and stopped together. */
export async function withBaselineAndSubject(
  options: { kind: DatabaseKind; label: string; baselineRevision: string; fill: (exec: Exec, side: 'baseline' | 'subject', database: Database) => Promise<void>; subjectMigrationsDir: string },
  run: (sides: Side[], baseline: BaselineTree) => Promise<void>,
): Promise<void> {
  const baseline = prepareBaselineTree(options.baselineRevision);
  const dbs: PreparedDatabase[] = [];
  const apps: ServerProcess[] = [];
  const pools: pg.Pool[] = [];
  try {
    const started = performance.now();
    const baseDb = await prepareDatabase(options.kind, `${options.label}_base`, baseline.migrationsDir, (exec, database) => options.fill(exec, 'baseline', database));
    dbs.push(baseDb);
    const subjectDb = await prepareDatabase(options.kind, `${options.label}_new`, options.subjectMigrationsDir, (exec, database) => options.fill(exec, 'subject', database));
    dbs.push(subjectDb);
    console.log(`${options.kind}: both databases filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // Behind a proxy, as in production (infra/nginx.conf), so that --clients can send X-Forwarded-For;
    // without that header the client is 127.0.0.1 either way.
    const start = (db: PreparedDatabase, root?: string) => startApp({ nodeEnv: 'production', databaseUrl: db.url, dataDir: db.dataDir, root, env: { TRUST_PROXY: 'true' } });
    const baseApp = await start(baseDb, baseline.root);
    apps.push(baseApp);
    const subjectApp = await start(subjectDb);
    apps.push(subjectApp);
    const pool = (db: PreparedDatabase) => (db.url ? pools[pools.push(new pg.Pool({ connectionString: db.url, max: 1 })) - 1] : undefined);
    await run(
      [
        { label: `before (${baseline.revision})`, app: baseApp, databasePool: pool(baseDb) },
        { label: 'after', app: subjectApp, databasePool: pool(subjectDb) },
      ],
      baseline,
    );
  } finally {
    for (const p of pools) await p.end().catch(() => undefined);
    for (const app of apps) await app.stop().catch(() => undefined);
    for (const db of dbs) await db.drop().catch(() => undefined);
    baseline.remove();
  }
}

export interface ListBenchmark {
  label: string;
  baselineRevision: string;
  players: number;
  pogs: number;
  kinds: DatabaseKind[];
  /** On the filled subject database, before the apps start (EXPLAIN of the new statements). */
  inspect(database: Database, kind: DatabaseKind): Promise<void>;
  load(sides: Side[], kind: DatabaseKind): Promise<void>;
}

/** The list benchmarks' whole run: per database kind, fill both, inspect, start both apps, load. */
export async function runListBenchmark(bench: ListBenchmark): Promise<void> {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  for (const kind of bench.kinds) {
    await withBaselineAndSubject(
      {
        kind,
        label: bench.label,
        baselineRevision: bench.baselineRevision,
        subjectMigrationsDir: path.join(repoRoot, 'common/src/server/db/migrations'),
        fill: async (exec, side, database) => {
          const started = performance.now();
          await bulkFill(exec, ['users', 'pogs'], async () => {
            await fillPlayers(exec, bench.players);
            await fillPogs(exec, bench.pogs);
          });
          // The counts the player lists read (migration 0011), in the baseline too when it has them:
          // its migration counted before the fill, and an empty table made its lists walk every player.
          const [counts] = await exec("SELECT to_regclass('player_counts') IS NOT NULL AS present");
          if (side === 'subject' || counts?.present === true) await recountPogsHeld(database.db);
          await analyze(exec);
          console.log(`${kind} ${side}: filled in ${((performance.now() - started) / 1000).toFixed(0)} s (${describeLoad()})`);
          if (side === 'subject') await bench.inspect(database, kind);
        },
      },
      (sides) => bench.load(sides, kind),
    );
  }
  console.log(`after: ${describeLoad()}`);
}

/** The list benchmarks' command line: sizes (defaults given), rounds, durations, wrk connections, databases, baseline. */
export function listBenchArgs(defaults: { players: number; pogs: number }) {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      players: { type: 'string', default: String(defaults.players) },
      pogs: { type: 'string', default: String(defaults.pogs) },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '4' },
      clients: { type: 'string', default: '1' },
      db: { type: 'string', default: 'postgres,pglite' },
    },
  });
  if (!values.baseline) throw new Error('--baseline <git revision> is required: the code to compare against');
  const load: AbOptions = { rounds: Number(values.rounds), connections: Number(values.connections), clients: Number(values.clients), durationSeconds: Number(values.duration), warmupSeconds: Number(values.warmup) };
  return { baseline: values.baseline, players: Number(values.players), pogs: Number(values.pogs), kinds: values.db.split(',') as DatabaseKind[], load };
}
