/**
 * The composition root: one function builds a process from its config. SERVICES decides whether it
 * serves HTTP and sockets (gateway), runs job processors (worker), or both; REDIS_URL decides
 * whether jobs and events cross processes (BullMQ, Redis adapter) or stay in this one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { migrate, openDatabase, systemClock, type Clock, type Config, type Database, type JobQueue, type JobWorker } from '@pog/common/server';
import { BATTLE_SWEEP_MS, buildProcessors, SESSION_PURGE_MS, ensureUploadDirs, TRADE_EXPIRY_SWEEP_MS, createBullQueue, createBullWorker, createInProcessQueue, createRedisEmitterPublisher } from '@pog/worker';
import { AdminSessionStore } from './admin/admin-session-store';
import { ensureAdminPasswordHash } from './auth/admin-password';
import { createMemoryRateLimiter, createRedisRateLimiter } from './auth/rate-limit';
import { SessionStore } from './auth/session-store';
import { UserCache } from './auth/user-cache';
import { createKoaApp } from './app';
import { createLocalBus, createRedisBus, type InvalidationBus } from './cluster/invalidation';
import type { AppContext } from './context';
import { DeferredPublisher } from './realtime/deferred-publisher';
import { attachSocketServer, type SocketServer } from './realtime/socket-server';
import { connectRedis, type RedisConnections } from './redis';

export interface RuntimeOptions {
  config: Config;
  /** A database opened by the caller (tests share one); it is left open on close. */
  database?: Database;
  clock?: Clock;
  log?: (line: string) => void;
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
  queue: JobQueue;
  /** Present when this process runs the gateway. */
  context?: AppContext;
  sockets?: SocketServer;
  url?: string;
  close(): Promise<void>;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const clock = options.clock ?? systemClock;
  const runsGateway = config.services.includes('gateway');
  const runsWorker = config.services.includes('worker');

  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  // Closed in reverse: stop HTTP and sockets, finish running jobs, then let go of Redis and the database.
  const closers: Array<() => Promise<void>> = [];
  if (!options.database) closers.push(() => database.close());

  try {
    const applied = await migrate(database);
    if (applied.length) log(`[db] applied migrations: ${applied.join(', ')}`);

    const redis: RedisConnections | undefined = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
    if (redis) closers.push(() => redis.close());

    const publisher = new DeferredPublisher();
    if (!runsGateway) {
      // A worker without Socket.IO reaches the gateways' sockets through the Redis adapter's channel.
      const emitter = createRedisEmitterPublisher({ redisUrl: config.redisUrl!, prefix: config.redisPrefix });
      publisher.use(emitter);
      closers.push(() => emitter.close());
    }
    await ensureUploadDirs(config.uploadDir);
    const processors = buildProcessors({ db: database.db, publisher, clock, uploadDir: config.uploadDir, anthropic: config.anthropic });

    let queue: JobQueue;
    let worker: JobWorker | undefined;
    if (config.redisUrl) {
      queue = createBullQueue({ redisUrl: config.redisUrl, prefix: config.redisPrefix });
      if (runsWorker) worker = createBullWorker({ redisUrl: config.redisUrl, prefix: config.redisPrefix, processors });
    } else {
      queue = createInProcessQueue({ processors });
    }
    closers.push(() => queue.close());
    if (worker) closers.push(() => worker!.close());
    // Sweeps run wherever jobs are processed; BullMQ keeps one schedule however many register it.
    if ((options.schedules ?? true) && (runsWorker || !config.redisUrl)) {
      await queue.schedule('trades.expire', TRADE_EXPIRY_SWEEP_MS, {});
      await queue.schedule('battles.sweep', BATTLE_SWEEP_MS, {});
      await queue.schedule('sessions.purge', SESSION_PURGE_MS, {});
    }

    const runtime: Runtime = { config, database, queue, close: () => runClosers(closers) };

    if (!runsGateway) {
      log(`[worker] processing jobs (${queue.kind})`);
      return runtime;
    }

    const bus: InvalidationBus = redis ? await createRedisBus(redis.pub.duplicate(), redis.sub.duplicate(), config.redisPrefix) : createLocalBus();
    closers.push(() => bus.close());
    const adminPasswordHash = await ensureAdminPasswordHash(database.db, config, log);

    let sockets: SocketServer | undefined;
    const context: AppContext = {
      config,
      database,
      db: database.db,
      clock,
      queue,
      publisher,
      sessions: new SessionStore(database.db, clock, bus),
      users: new UserCache(database.db, clock, bus),
      rateLimiter: redis ? createRedisRateLimiter(redis.main, config.redisPrefix) : createMemoryRateLimiter(clock),
      adminSessions: new AdminSessionStore(database.db, clock, bus),
      adminPasswordHash,
      async health() {
        const [db, q] = await Promise.all([database.ping(), queue.healthy()]);
        const realtime = sockets?.healthy() ?? false;
        return { status: db && q && realtime ? 'ok' : 'degraded', database: db, queue: q, realtime };
      },
    };

    const server = createServer(createKoaApp(context).callback());
    sockets = attachSocketServer(server, context, { bus, redis: redis ? { pub: redis.pub, sub: redis.sub } : undefined });
    publisher.use(sockets.publisher);
    const socketServer = sockets;
    closers.push(() => socketServer.close());
    closers.push(() => closeHttp(server));

    await listen(server, config.port, config.host);
    const { port } = server.address() as AddressInfo;
    runtime.context = context;
    runtime.sockets = sockets;
    runtime.url = `http://127.0.0.1:${port}`;
    log(`[gateway] serving http://localhost:${port} (database: ${database.kind}, jobs: ${queue.kind}${runsWorker ? ', worker in process' : ''})`);
    return runtime;
  } catch (error) {
    await runClosers(closers);
    throw error;
  }
}

async function runClosers(closers: Array<() => Promise<void>>): Promise<void> {
  for (const close of closers.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      console.error('[shutdown]', error);
    }
  }
}

function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting connections and ends idle keep-alive ones; in-flight requests finish. */
function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  });
}
