/**
 * The composition root: one function builds a process from its config. SERVICES decides whether it
 * serves HTTP and sockets (gateway), runs job processors (worker), or both; REDIS_URL decides
 * whether jobs cross processes (BullMQ) or stay in this one. Every process runs the outbox relay
 * (domain/src/outbox/relay.ts), the one path from a commit to sockets and the queue.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, serviceName, type Logger } from '@pog/domain/logging';
import {
  createMetricsRegistry, registerDatabaseMetrics, registerHealthMetrics, registerOutboxMetrics, type Registry,
} from '@pog/domain/metrics';
import { DeferredLiveChannel } from '@pog/domain/realtime';
import { ensureUploadDirs, removeUploadLeftovers } from '@pog/domain/uploads';
import { listen } from '@pog/domain/listen';
import { markJobDone, OutboxRelay } from '@pog/domain/outbox';
import { migrate, openDatabase, type Database, type Db, waitForDatabase } from '@pog/domain/db';
import { systemClock, type Clock } from '@pog/domain/clock';
import { type Config } from '@pog/domain/config';
import { type HealthReport, healthReport } from '@pog/domain/observability';
import { type JobQueue, type JobWorker, type OutboxJobFinished, type ProcessorMap } from '@pog/domain/jobs';
import type { AppContext, SocketServer, StreamHub } from '@pog/gateway';
import { createInProcessQueue, createJobMetrics, localFirstQueue, registerQueueMetrics, type BullJobQueue, type JobMetrics } from '@pog/worker/queue';
import { createProbeServer } from './probe-server';
import type { RedisConnections } from './redis';

export interface RuntimeOptions {
  config: Config;
  /** A database opened by the caller (tests share one); it is left open on close. */
  database?: Database;
  clock?: Clock;
  /** The process's logger (main.ts makes it); by default one from the config, JSON on stdout. */
  log?: Logger;
  /**
   * Whether this process registers the periodic sweeps (default true). Test apps turn them off: a
   * sweep run at a test's manual clock would expire or purge other tests' data in the shared database,
   * so tests run the sweep jobs themselves when they mean to.
   */
  schedules?: boolean;
}

export interface Runtime {
  config: Config;
  database: Database;
  /** This app's own handle on the database: units of work done through it wake this app's relay. */
  db: Db;
  queue: JobQueue;
  relay: OutboxRelay;
  log: Logger;
  /** This process's metrics, served at /metrics. */
  metrics: Registry;
  /** Present when this process runs the gateway. */
  context?: AppContext;
  sockets?: SocketServer;
  /** Where this process answers HTTP: the app on a gateway, the probe paths on a worker. */
  url?: string;
  close(): Promise<void>;
}

/** How often the periodic schedules are checked (Redis may have lost them). */
const SCHEDULE_CHECK_MS = 60_000;

/**
 * Each service's code, loaded only when SERVICES (or the embedded queue) needs it: a worker-only
 * process never loads Koa or Socket.IO, a gateway-only one never loads the processors. Redis's
 * clients (ioredis, BullMQ: about 20 MB resident) only where Redis is configured; an embedded process
 * never loads them.
 */
interface Modules {
  gateway: typeof import('@pog/gateway') | undefined;
  worker: typeof import('@pog/worker') | undefined;
  redis: typeof import('./redis') | undefined;
  bull: typeof import('@pog/worker/queue/bullmq') | undefined;
}

/** What every step of the start shares. */
interface Startup {
  options: RuntimeOptions;
  config: Config;
  log: Logger;
  clock: Clock;
  runsGateway: boolean;
  runsWorker: boolean;
  /** Stopped in reverse order of starting; `close()` drains HTTP and sockets before these. */
  stoppers: Array<() => Promise<void>>;
  modules: Modules;
}

/** The queue this process hands jobs to, and the part that takes them here. */
interface Jobs {
  queue: JobQueue;
  bullQueue: BullJobQueue | undefined;
  bullWorker: JobWorker | undefined;
  /** The part that takes jobs here: a BullMQ worker, or the in-process queue itself. */
  worker: JobWorker | undefined;
  processors: ProcessorMap | undefined;
  outboxJobFinished: OutboxJobFinished;
  jobMetrics: JobMetrics;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  const log = options.log ?? createLogger({ service: serviceName(config.services), level: config.logLevel });
  const runsGateway = config.services.includes('gateway');
  const runsWorker = config.services.includes('worker');
  const stoppers: Array<() => Promise<void>> = [];
  const stop = () => runStoppers(stoppers, log);

  try {
    // Processors run here when this process is a worker, or when jobs stay in this process (no Redis).
    const modules = await loadModules(config, runsGateway, runsWorker || !config.redisUrl);
    const startup: Startup = { options, config, log, clock: options.clock ?? systemClock, runsGateway, runsWorker, stoppers, modules };
    const database = await openMigratedDatabase(startup);
    // This app's own handle: the outbox wakes this app's relay for the units of work done through it.
    const db = database.handle();
    const redis = await connectGatewayRedis(startup);
    const live = await liveChannel(startup);
    await prepareUploads(config, log);
    const metrics = createMetricsRegistry();
    registerDatabaseMetrics(metrics, database);
    const jobs = startJobs(startup, db, live, metrics);
    const hub = modules.gateway ? new modules.gateway.StreamHub(db, log) : undefined;
    const relay = await startRelay(startup, database, db, jobs, hub, metrics);
    await registerSweeps(startup, jobs);
    const health = healthCheck(startup, database, jobs, relay, metrics);

    const runtime: Runtime = { config, database, db, queue: jobs.queue, relay, log, metrics, close: stop };
    if (!modules.gateway || !hub) {
      await serveProbes(startup, runtime, health);
      return runtime;
    }
    await serveGateway(startup, runtime, { gatewayModule: modules.gateway, hub, health, redis, live, stop });
    return runtime;
  } catch (error) {
    await stop();
    throw error;
  }
}

async function loadModules(config: Config, runsGateway: boolean, processesJobs: boolean): Promise<Modules> {
  return {
    gateway: runsGateway ? await import('@pog/gateway') : undefined,
    worker: processesJobs ? await import('@pog/worker') : undefined,
    redis: config.redisUrl ? await import('./redis') : undefined,
    bull: config.redisUrl ? await import('@pog/worker/queue/bullmq') : undefined,
  };
}

async function openMigratedDatabase({ options, config, log, stoppers }: Startup): Promise<Database> {
  const database =
    options.database ??
    (await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, pgliteDir: path.join(config.dataDir, 'pglite'), pgliteThread: config.pgliteThread, log }));
  if (!options.database) stoppers.push(() => database.close());
  await waitForDatabase(database, log);
  const applied = await migrate(database);
  if (applied.length) log.info({ component: 'db', migrations: applied }, `applied migrations: ${applied.join(', ')}`);
  return database;
}

/** Waits for Redis where it is configured; on a gateway, opens the connections the gateway holds. */
async function connectGatewayRedis({ config, log, runsGateway, stoppers, modules }: Startup): Promise<RedisConnections | undefined> {
  if (!config.redisUrl || !modules.redis) return undefined;
  const { connectRedis, waitForRedis } = modules.redis;
  await waitForRedis(config.redisUrl, log);
  if (!runsGateway) return undefined;
  // The connections the gateway holds (rate limits, the Socket.IO adapter, cache invalidation).
  const redis = connectRedis(config.redisUrl, log);
  stoppers.push(() => redis.close());
  return redis;
}

async function liveChannel({ config, log, runsGateway, stoppers }: Startup): Promise<DeferredLiveChannel> {
  const live = new DeferredLiveChannel();
  if (!runsGateway) {
    // A worker without Socket.IO reaches the gateways' sockets through the Redis adapter's channel.
    const { createRedisLiveChannel } = await import('@pog/worker/redis-emitter');
    const channel = createRedisLiveChannel({ redisUrl: config.redisUrl!, prefix: config.redisPrefix, log });
    live.use(channel);
    stoppers.push(() => channel.close());
  }
  return live;
}

async function prepareUploads(config: Config, log: Logger): Promise<void> {
  await ensureUploadDirs(config.uploadDir);
  // What a process that died mid-upload left (the worker's hourly sweep removes them too).
  const leftovers = await removeUploadLeftovers(config.uploadDir);
  if (leftovers) log.info({ component: 'uploads', leftovers }, `removed ${leftovers} files left by interrupted uploads`);
}

function startJobs({ config, log, clock, runsWorker, stoppers, modules }: Startup, db: Db, live: DeferredLiveChannel, metrics: Registry): Jobs {
  const processors = modules.worker?.buildProcessors({ db, live, clock, uploadDir: config.uploadDir, unusedUploadMs: config.uploads.unusedMs, auditRetentionMs: config.auditRetentionMs, anthropic: config.anthropic, log });
  const outboxJobFinished: OutboxJobFinished = (outboxId) => markJobDone(db, outboxId);
  const jobMetrics = createJobMetrics(metrics);
  let jobs: Jobs;
  if (config.redisUrl && modules.bull) {
    const { createBullQueue, createBullWorker } = modules.bull;
    const bullQueue = createBullQueue({ redisUrl: config.redisUrl, prefix: config.redisPrefix, log });
    const bullWorker = runsWorker ? createBullWorker({ redisUrl: config.redisUrl, prefix: config.redisPrefix, processors: processors!, outboxJobFinished, log, metrics: jobMetrics }) : undefined;
    jobs = { queue: bullQueue, bullQueue, bullWorker, worker: bullWorker, processors, outboxJobFinished, jobMetrics };
  } else {
    const inProcess = createInProcessQueue({ processors: processors!, outboxJobFinished, log, metrics: jobMetrics });
    jobs = { queue: inProcess, bullQueue: undefined, bullWorker: undefined, worker: inProcess, processors, outboxJobFinished, jobMetrics };
  }
  registerQueueMetrics(metrics, jobs.queue);
  stoppers.push(() => jobs.queue.close());
  return jobs;
}

async function startRelay({ config, log, stoppers }: Startup, database: Database, db: Db, jobs: Jobs, hub: StreamHub | undefined, metrics: Registry): Promise<OutboxRelay> {
  const { queue, bullWorker, processors, outboxJobFinished, jobMetrics } = jobs;
  // A process that runs processors runs the outbox jobs its relay claims here first (local-first.ts):
  // its own follow-ups need no trip through Redis back to itself.
  const relayQueue = bullWorker ? localFirstQueue(queue, { processors: processors!, outboxJobFinished, log, metrics: jobMetrics }) : undefined;
  // Stopped after the relay (below): what it started here finishes before the database closes.
  if (relayQueue) stoppers.push(() => relayQueue.drain());

  const relay = new OutboxRelay({ database, db, queue: relayQueue ?? queue, log, retentionMs: config.outboxRetentionMs, ...(hub ? { deliver: (events) => hub.deliver(events) } : {}) });
  registerOutboxMetrics(metrics, relay, db);
  await relay.start();
  stoppers.push(async () => {
    await relay.flush().catch(() => undefined);
    await relay.close();
  });
  if (bullWorker) {
    // Stopped before the relay and the queue: running jobs finish and their outbox rows are marked.
    stoppers.push(() => bullWorker.close());
  }
  return relay;
}

/** Sweeps run wherever jobs are processed; BullMQ keeps one schedule however many register it. */
async function registerSweeps({ options, log, stoppers, modules }: Startup, { queue, bullQueue }: Jobs): Promise<void> {
  const workerModule = modules.worker;
  if (!(options.schedules ?? true) || !workerModule) return;
  await queue.schedule('trades.expire', workerModule.TRADE_EXPIRY_SWEEP_MS, {});
  await queue.schedule('battles.sweep', workerModule.BATTLE_SWEEP_MS, {});
  await queue.schedule('sessions.purge', workerModule.SESSION_PURGE_MS, {});
  await queue.schedule('uploads.sweep', workerModule.UPLOAD_SWEEP_MS, {});
  await queue.schedule('audit.sweep', workerModule.AUDIT_SWEEP_MS, {});
  if (bullQueue) keepSchedules(bullQueue, log, stoppers);
}

function healthCheck({ config, runsGateway, runsWorker }: Startup, database: Database, { queue, worker }: Jobs, relay: OutboxRelay, metrics: Registry): () => Promise<HealthReport> {
  const queuePart = config.redisUrl ? 'redis' : 'queue';
  // What this process cannot work without. A gateway serves with its database alone: Redis carries
  // jobs to the workers, shared rate limits and PogBot's pieces, each with a fallback while it is
  // away, so Redis down degrades every gateway but takes none out of rotation. A worker-only
  // process takes its jobs through Redis, so it needs Redis and a worker that is taking them.
  const needs = runsGateway ? ['database', 'queue'] : ['database', 'redis', 'worker'];
  const health = async (): Promise<HealthReport> => {
    const [dbUp, queueUp] = await Promise.all([database.ping(), queue.healthy()]);
    const down: string[] = [];
    if (!dbUp) down.push('database');
    if (!queueUp) down.push(queuePart);
    // A process that runs jobs takes them only while its worker's heartbeat is fresh.
    if (runsWorker && worker && !worker.consuming()) down.push('worker');
    return healthReport(down, needs, { database: dbUp, queue: queueUp, relay: relay.status() });
  };
  registerHealthMetrics(metrics, health, ['database', queuePart, ...(runsWorker ? ['worker'] : [])]);
  return health;
}

/** No app here: a small server answers the probe paths on PORT (health checks, Prometheus). */
async function serveProbes({ config, log, stoppers, modules }: Startup, runtime: Runtime, health: () => Promise<HealthReport>): Promise<void> {
  const probes = createProbeServer({ health, metrics: runtime.metrics, metricsToken: config.metricsToken }, log);
  await listen(probes, config.port, config.host);
  stoppers.push(() => new Promise<void>((resolve) => probes.close(() => resolve())));
  const { port } = probes.address() as AddressInfo;
  runtime.url = `http://127.0.0.1:${port}`;
  const redisPart = config.redisUrl && modules.redis ? `; ${modules.redis.describeRedis(config.redisUrl)}` : '';
  log.info({ component: 'worker', port }, `processing jobs (${runtime.queue.kind}; database: ${runtime.database.description}${redisPart}); probes on port ${port}`);
}

interface GatewayParts {
  gatewayModule: typeof import('@pog/gateway');
  hub: StreamHub;
  health: () => Promise<HealthReport>;
  redis: RedisConnections | undefined;
  live: DeferredLiveChannel;
  /** Runs the stoppers. */
  stop: () => Promise<void>;
}

async function serveGateway({ config, log, clock, runsWorker, stoppers, modules }: Startup, runtime: Runtime, parts: GatewayParts): Promise<void> {
  const { gatewayModule, hub, health, redis, live, stop } = parts;
  const { database, db, queue, metrics } = runtime;
  let clusterSubscriber: RedisConnections['sub'] | undefined;
  if (redis && modules.redis) {
    clusterSubscriber = redis.sub.duplicate();
    modules.redis.watchRedis(clusterSubscriber, 'cache invalidation (subscribe)', log);
  }
  const gateway = await gatewayModule.startGateway({
    config,
    database,
    db,
    clock,
    queue,
    log,
    metrics,
    health,
    hub,
    ...(redis && clusterSubscriber ? { redis: { main: redis.main, pub: redis.pub, sub: redis.sub, clusterSubscriber } } : {}),
  });
  stoppers.push(() => gateway.close());
  live.use(gateway.live);
  runtime.context = gateway.context;
  runtime.sockets = gateway.sockets;
  runtime.url = `http://127.0.0.1:${gateway.port}`;
  runtime.close = async () => {
    // Sockets first (their clients reconnect, to another gateway when this one is going), then the
    // requests in flight finish, then jobs, the relay and the connections.
    await gateway.drain();
    await stop();
  };
  log.info({ component: 'gateway', port: gateway.port }, `serving http://localhost:${gateway.port} (database: ${database.description}, jobs: ${queue.kind}${runsWorker ? ', worker in process' : ''})`);
}

async function runStoppers(stoppers: Array<() => Promise<void>>, log: Logger): Promise<void> {
  for (const stopOne of stoppers.splice(0).reverse()) {
    try {
      await stopOne();
    } catch (error) {
      log.warn({ component: 'shutdown', err: error }, 'a part failed to stop cleanly');
    }
  }
}

/** Redis may lose the schedules (a restart without persistence): restored on reconnect and checked regularly. */
function keepSchedules(queue: BullJobQueue, log: Logger, stoppers: Array<() => Promise<void>>): void {
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const restored = await queue.restoreSchedules();
      if (restored.length > 0) log.warn({ component: 'jobs', schedules: restored }, `periodic schedules were missing from Redis and are registered again: ${restored.join(', ')}`);
    } catch {
      // Redis is away; the next check or reconnect tries again.
    } finally {
      checking = false;
    }
  };
  queue.onReconnect?.(() => void check());
  const timer = setInterval(() => void check(), SCHEDULE_CHECK_MS);
  timer.unref();
  stoppers.push(async () => clearInterval(timer));
}
