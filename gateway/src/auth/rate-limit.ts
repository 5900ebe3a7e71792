/**
 * Fixed-window counters for login, registration and admin password guesses. In Redis when several
 * gateways run (so the limit is global), in memory otherwise.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '@pog/common/server';

export interface WindowCount {
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Adds one to the counter and returns the new count. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Reads the counter without changing it. */
  peek(key: string, windowMs: number): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > clock.now().getTime()) return entry;
    windows.delete(key);
    return undefined;
  };
  const view = (entry: { count: number; resetAt: number } | undefined): WindowCount => ({
    count: entry?.count ?? 0,
    retryAfterSeconds: entry ? Math.ceil((entry.resetAt - clock.now().getTime()) / 1000) : 0,
  });
  return {
    async hit(key, windowMs) {
      const entry = current(key) ?? { count: 0, resetAt: clock.now().getTime() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 100_000) pruneExpired(windows, clock.now().getTime());
      return view(entry);
    },
    async peek(key) {
      return view(current(key));
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

function pruneExpired(windows: Map<string, { resetAt: number }>, now: number): void {
  for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
}

export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const k = (key: string) => `${prefix}:rate:${key}`;
  return {
    async hit(key, windowMs) {
      const results = await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').pttl(k(key)).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, retryAfterSeconds: Math.ceil(Math.max(ttl, 0) / 1000) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return { count: Number(count ?? 0), retryAfterSeconds: Math.ceil(Math.max(ttl, 0) / 1000) };
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}

/** How long a rate-limit check waits on Redis before counting in this process instead. */
const REDIS_LIMIT_WAIT_MS = 1_000;

/**
 * Shared counters in Redis, falling back to this process's own counters while Redis is away: limits
 * stay in force (per process, so a little looser across gateways) and no request waits on an outage.
 */
export function createResilientRateLimiter(redis: Redis, prefix: string, clock: Clock): RateLimiter {
  const shared = createRedisRateLimiter(redis, prefix);
  const local = createMemoryRateLimiter(clock);
  async function use<T>(operation: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') return operation(local);
    try {
      return await withTimeout(operation(shared), REDIS_LIMIT_WAIT_MS);
    } catch {
      return operation(local);
    }
  }
  return {
    hit: (key, windowMs) => use((limiter) => limiter.hit(key, windowMs)),
    peek: (key, windowMs) => use((limiter) => limiter.peek(key, windowMs)),
    async reset(key) {
      await local.reset(key);
      await use((limiter) => limiter.reset(key));
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
