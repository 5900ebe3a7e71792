/** Everything a route needs, built once per process by the runtime and passed to route factories. */
import type { Clock } from '@pog/domain/clock';
import type { Config } from '@pog/domain/config';
import type { Database, Db } from '@pog/domain/db';
import type { HealthReport } from '@pog/domain/observability';
import type { JobQueue } from '@pog/domain/jobs';
import type { LeaderboardPageCache, RankSnapshots } from '@pog/domain/leaderboards';
import type { Logger } from '@pog/domain/logging';
import type { Registry } from '@pog/domain/metrics';
import type { AdminSessionStore } from './admin/admin-session-store';
import type { InvalidationBus } from './cluster/invalidation';
import type { RateLimits } from './auth/rate-limit';
import type { SessionStore } from './auth/session-store';
import type { UserCache } from './auth/user-cache';
import type { HttpMetrics } from './observability/gateway-metrics';
import type { StreamHeads } from './realtime/stream-heads';
import type { SearchLimits } from './routes/search-limits';


export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  queue: JobQueue;
  /** Tells every gateway to drop cached sessions and users. */
  bus: InvalidationBus;
  sessions: SessionStore;
  users: UserCache;
  /** Where event streams stand, kept up to date by the events delivered to this gateway. */
  streamHeads: StreamHeads;
  /** The guessing limits' counters (in Redis with REDIS_URL, else in memory). */
  rateLimits: RateLimits;
  /**
   * Explore's and the player lists' searches: a client looping on them is refused, and they run a
   * few at a time together, whatever the number of clients (plain pages are not limited).
   */
  searches: SearchLimits;
  /** Sessions of the admin area (their own cookie). */
  adminSessions: AdminSessionStore;
  /** The argon2id hash admin logins are checked against (ensureAdminPasswordHash at start). */
  adminPasswordHash: string;
  health(): Promise<HealthReport>;
  /** How long an upload may send nothing before it is ended; UPLOAD.idleTimeoutMs unless a test shortens it. */
  uploadIdleMs?: number;
  /** The process's logger; a request's own (with its request id) is `requestLog(ctx, app.log)`. */
  log: Logger;
  /** The leaderboards' pages kept for a few seconds (dropped by standings events) and their rank samples. */
  leaderboards: { pages: LeaderboardPageCache; snapshots: RankSnapshots };
  /** The process's metrics registry (served at /metrics) and the HTTP request metrics. */
  metrics: { registry: Registry; http: HttpMetrics };
}
