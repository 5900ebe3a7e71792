/**
 * The gateway part of a process: the Koa app and Socket.IO on one HTTP server, with the sessions,
 * caches and rate limits they need. The composition root (server/src/runtime.ts) loads this module
 * only when SERVICES names the gateway, so a worker-only process never loads Koa or Socket.IO.
 */
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { inRequestScope, scopedServerOptions, type HealthReport } from '@pog/domain/observability';
import { LeaderboardPageCache, RankSnapshots } from '@pog/domain/leaderboards';
import { listen } from '@pog/domain/listen';
import { type Clock } from '@pog/domain/clock';
import { type Config } from '@pog/domain/config';
import { type Database, type Db } from '@pog/domain/db';
import { type JobQueue } from '@pog/domain/jobs';
import { type LiveChannel } from '@pog/domain/realtime';
import { type Logger } from '@pog/domain/logging';
import { type Registry } from '@pog/domain/metrics';
import { AdminSessionStore } from './admin/admin-session-store';
import { ensureAdminPasswordHash } from './auth/admin-password';
import { createMemoryRateLimits, createRedisRateLimits } from './auth/rate-limit';
import { SessionStore } from './auth/session-store';
import { UserCache } from './auth/user-cache';
import { createKoaApp } from './app';
import { createClusterBus } from './cluster/invalidation';
import { createSearchLimits } from './routes/search-limits';
import type { AppContext } from './context';
import { limitConnections } from './http/connection-limits';
import { createDrainingServer, type DrainingServer } from './http/draining-server';
import { createHttpMetrics, registerConnectionMetrics, registerSocketMetrics } from './observability/gateway-metrics';
import { attachSocketServer, redisAdapter, type SocketServer } from './realtime/socket-server';
import type { StreamHub } from './realtime/stream-hub';

/** How long a stopping gateway lets requests in flight finish before cutting their connections. */
const DRAIN_MS = 8_000;
/**
 * How long a stopping gateway keeps idle keep-alive connections open (answering on them with
 * `Connection: close`): a request the proxy sent just before the stop is answered, not reset.
 */
const IDLE_GRACE_MS = 1_000;
/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;

export interface GatewayOptions {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  queue: JobQueue;
  log: Logger;
  metrics: Registry;
  health(): Promise<HealthReport>;
  /** The relay's sink for this process's sockets (made before the relay starts). */
  hub: StreamHub;
  /** Present with REDIS_URL: commands (rate limits), the adapter's pub/sub pair, the invalidation subscriber. */
  redis?: { main: Redis; pub: Redis; sub: Redis; clusterSubscriber: Redis };
}

export interface Gateway {
  context: AppContext;
  sockets: SocketServer;
  /** Socket.IO's channel for live pushes that are not durable (PogBot's pieces). */
  live: LiveChannel;
  port: number;
  /**
   * Stops listening, drops every socket's connection (its client reconnects, to another gateway),
   * lets requests in flight finish (at most DRAIN_MS), then ends what is left.
   */
  drain(): Promise<void>;
  /** Stops the cache invalidation bus (after the drain). */
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { config, database, db, clock, queue, log, hub, redis } = options;
  const bus = await createClusterBus({
    db,
    clock,
    hub,
    ...(redis ? { redis: { publisher: redis.main, subscriber: redis.clusterSubscriber, prefix: config.redisPrefix } } : {}),
  });
  try {
    const adminPasswordHash = await ensureAdminPasswordHash(db, config, log);
    const users = new UserCache(db, clock, bus);
    const rateLimits = redis ? createRedisRateLimits(redis.main, config.redisPrefix) : createMemoryRateLimits();
    const context: AppContext = {
      config,
      database,
      db,
      clock,
      queue,
      bus,
      sessions: new SessionStore(db, clock, bus, log, undefined, users),
      users,
      streamHeads: hub.heads,
      rateLimits,
      searches: createSearchLimits(rateLimits),
      adminSessions: new AdminSessionStore(db, clock, bus),
      adminPasswordHash,
      health: options.health,
      leaderboards: { pages: new LeaderboardPageCache(config.leaderboardCacheMs, () => clock.now().getTime()), snapshots: new RankSnapshots() },
      log,
      metrics: { registry: options.metrics, http: createHttpMetrics(options.metrics) },
    };

    // Each request served in a scope of its own: an error that escapes it is answered, not fatal (server/src/process.ts).
    const http = createDrainingServer(inRequestScope(createKoaApp(context).callback()), scopedServerOptions);
    const { server } = http;
    // Idle keep-alive connections outlive the proxy's (nginx keeps upstream ones 60 s): the side that
    // closes first must be the client, or a request sent on a connection closing under it is reset.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    const connections = limitConnections(server, { perAddress: config.connectionsPerAddress });
    const sockets = attachSocketServer(server, context, { bus, hub, redis: redis ? await redisAdapter(redis.pub, redis.sub, config.redisPrefix) : undefined });
    registerSocketMetrics(options.metrics, {
      connected: () => sockets.count(),
      catchUps: () => hub.stats.catchUps,
      eventsReplayed: () => hub.stats.eventsReplayed,
      messagesRefused: () => sockets.limits.messagesRefused,
      socketsClosed: () => sockets.limits.socketsClosed,
      connectionsRefused: () => sockets.limits.connectionsRefused,
    });
    registerConnectionMetrics(options.metrics, connections);

    await sockets.ready;
    await listen(server, config.port, config.host);
    const { port } = server.address() as AddressInfo;
    return { context, sockets, live: sockets.live, port, drain: () => drainHttp(http, sockets), close: () => bus.close() };
  } catch (error) {
    await bus.close();
    throw error;
  }
}

/**
 * Stops taking connections, drops every socket (after the listening socket is closed, so that its
 * client's reconnection goes elsewhere), lets requests in flight finish (at most DRAIN_MS), then
 * ends what is left.
 */
async function drainHttp(http: DrainingServer, sockets: SocketServer): Promise<void> {
  const drained = http.drain({ idleGraceMs: IDLE_GRACE_MS, deadlineMs: DRAIN_MS });
  sockets.disconnectAll({ stopping: true });
  await drained;
  await sockets.close();
}
