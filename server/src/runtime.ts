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
import { type JobQueue, type JobWorker } from '@pog/domain/jobs';
import type { AppContext, SocketServer } from '@pog/gateway';
import { createInProcessQueue, createJobMetrics, localFirstQueue, registerQueueMetrics, type BullJobQueue } from '@pog/worker/queue';
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

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  const log = options.log ?? createLogger({ service: serviceName(config.services), level: config.logLevel });
  const clock = options.clock ?? systemClock;
  const runsGateway = config.services.includes('gateway');
  const runsWorker = config.services.includes('worker');
  // Processors run here when this process is a worker, or when jobs stay in this process (no Redis).
  const processesJobs = runsWorker || !config.redisUrl;

  // Stopped in reverse order of starting; `close()` below drains HTTP and sockets before these.
  const stoppers: Array<() => Promise<void>> = [];
  const stop = () => runStoppers(stoppers, log);

  try {
    // Each service's code is loaded only when SERVICES (or the embedded queue) needs it: a
    // worker-only process never loads Koa or Socket.IO, a gateway-only one never loads the processors.
    const gatewayModule = runsGateway ? await import('@pog/gateway') : undefined;
    const workerModule = processesJobs ? await import('@pog/worker') : undefined;
    // Redis's clients (ioredis, BullMQ: about 20 MB resident) only where Redis is configured; an embedded process never loads them.
    const redisModule = config.redisUrl ? await import('./redis') : undefined;
    const bullModule = config.redisUrl ? await import('@pog/worker/queue/bullmq') : undefined;

    const database =
      options.database ??
      (await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, pgliteDir: path.join(config.dataDir, 'pglite'), pgliteThread: config.pgliteThread, log }));
    if (!options.database) stoppers.push(() => database.close());
    await waitForDatabase(database, log);
    const applied = await migrate(database);
    if (applied.length) log.info({ component: 'db', migrations: applied }, `applied migrations: ${applied.join(', ')}`);
    // This app's own handle: the outbox wakes this app's relay for the units of work done through it.
    const db = database.handle();

    let redis: RedisConnections | undefined;
    if (config.redisUrl && redisModule) {
      const { connectRedis, waitForRedis } = redisModule;
      await waitForRedis(config.redisUrl, log);
      // The connections the gateway holds (rate limits, the Socket.IO adapter, cache invalidation).
      if (runsGateway) {
        redis = connectRedis(config.redisUrl, log);
        const connections = redis;
        stoppers.push(() => connections.close());
      }
    }

    const live = new DeferredLiveChannel();
    if (!runsGateway) {
      // A worker without Socket.IO reaches the gateways' sockets through the Redis adapter's channel.
      const { createRedisLiveChannel } = await import('@pog/worker/redis-emitter');
      const channel = createRedisLiveChannel({ redisUrl: config.redisUrl!, prefix: config.redisPrefix, log });
      live.use(channel);
      stoppers.push(() => channel.close());
    }
    await ensureUploadDirs(config.uploadDir);
    // What a process that died mid-upload left (the worker's hourly sweep removes them too).
    const leftovers = await removeUploadLeftovers(config.uploadDir);
    if (leftovers) log.info({ component: 'uploads', leftovers }, `removed ${leftovers} files left by interrupted uploads`);
    const processors = workerModule?.buildProcessors({ db, live, clock, uploadDir: config.uploadDir, unusedUploadMs: config.uploads.unusedMs, anthropic: config.anthropic, log });
    const outboxJobFinished = (outboxId: number) => markJobDone(db, outboxId);

    const metrics = createMetricsRegistry();
    registerDatabaseMetrics(metrics, database);
    const jobMetrics = createJobMetrics(metrics);
    let queue: JobQueue;
    let bullQueue: BullJobQueue | undefined;
    let bullWorker: JobWorker | undefined;
    // The part that takes jobs here: a BullMQ worker, or the in-process queue itself.
    let worker: JobWorker | undefined;
    if (config.redisUrl && bullModule) {
      const { createBullQueue, createBullWorker } = bullModule;
      queue = bullQueue = createBullQueue({ redisUrl: config.redisUrl, prefix: config.redisPrefix, log });
      if (runsWorker) worker = bullWorker = createBullWorker({ redisUrl: config.redisUrl, prefix: config.redisPrefix, processors: processors!, outboxJobFinished, log, metrics: jobMetrics });
    } else {
      const inProcess = createInProcessQueue({ processors: processors!, outboxJobFinished, log, metrics: jobMetrics });
      queue = worker = inProcess;
    }
    registerQueueMetrics(metrics, queue);
    const jobs = queue;
    stoppers.push(() => jobs.close());

    // A process that runs processors runs the outbox jobs its relay claims here first (local-first.ts):
    // its own follow-ups need no trip through Redis back to itself.
    const relayQueue = bullWorker ? localFirstQueue(queue, { processors: processors!, outboxJobFinished, log, metrics: jobMetrics }) : undefined;
    // Stopped after the relay (below): what it started here finishes before the database closes.
    if (relayQueue) stoppers.push(() => relayQueue.drain());

    const hub = gatewayModule ? new gatewayModule.StreamHub(db, log) : undefined;
    const relay = new OutboxRelay({ database, db, queue: relayQueue ?? queue, log, retentionMs: config.outboxRetentionMs, ...(hub ? { deliver: (events) => hub.deliver(events) } : {}) });
    registerOutboxMetrics(metrics, relay, db);
    await relay.start();
    stoppers.push(async () => {
      await relay.flush().catch(() => undefined);
      await relay.close();
    });
    if (bullWorker) {
      const running = bullWorker;
      // Stopped before the relay and the queue: running jobs finish and their outbox rows are marked.
      stoppers.push(() => running.close());
    }

    // Sweeps run wherever jobs are processed; BullMQ keeps one schedule however many register it.
    if ((options.schedules ?? true) && workerModule) {
      await queue.schedule('trades.expire', workerModule.TRADE_EXPIRY_SWEEP_MS, {});
      await queue.schedule('battles.sweep', workerModule.BATTLE_SWEEP_MS, {});
      await queue.schedule('sessions.purge', workerModule.SESSION_PURGE_MS, {});
      await queue.schedule('uploads.sweep', workerModule.UPLOAD_SWEEP_MS, {});
      if (bullQueue) keepSchedules(bullQueue, log, stoppers);
    }

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

    const runtime: Runtime = { config, database, db, queue, relay, log, metrics, close: stop };
    if (!gatewayModule || !hub) {
      // No app here: a small server answers the probe paths on PORT (health checks, Prometheus).
      const probes = createProbeServer({ health, metrics, metricsToken: config.metricsToken }, log);
      await listen(probes, config.port, config.host);
      stoppers.push(() => new Promise<void>((resolve) => probes.close(() => resolve())));
      const { port } = probes.address() as AddressInfo;
      runtime.url = `http://127.0.0.1:${port}`;
      log.info(
        { component: 'worker', port },
        `processing jobs (${queue.kind}; database: ${database.description}${config.redisUrl && redisModule ? `; ${redisModule.describeRedis(config.redisUrl)}` : ''}); probes on port ${port}`,
      );
      return runtime;
    }

    let clusterSubscriber: RedisConnections['sub'] | undefined;
    if (redis && redisModule) {
      clusterSubscriber = redis.sub.duplicate();
      redisModule.watchRedis(clusterSubscriber, 'cache invalidation (subscribe)', log);
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
    return runtime;
  } catch (error) {
    await stop();
    throw error;
  }
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
