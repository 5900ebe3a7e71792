/**
 * The counters behind the guessing limits (login, registration, admin password, PogBot), from
 * rate-limiter-flexible. With Redis one count serves every gateway; this process's own counters
 * stand in while Redis is away or slow (limits stay in force, per process, and no request waits on
 * an outage). Without Redis (embedded), the counters live in memory.
 *
 * A guess spends its points before it is checked (`spend`): the counter's increment is atomic, so a
 * burst of concurrent guesses gets exactly the limit checked, whichever gateways they reach.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** One limit: `points` in a fixed window of `durationSeconds`, counted per key. */
export interface LimitRule {
  /** Names the counters (part of their keys). */
  name: string;
  points: number;
  durationSeconds: number;
}

/** A limit's counters: `consume` is atomic and rejects with a RateLimiterRes past the limit. */
export interface Limiter {
  consume(key: string, points: number): Promise<RateLimiterRes>;
  reward(key: string, points: number): Promise<RateLimiterRes>;
  delete(key: string): Promise<boolean>;
}

export interface RateLimits {
  /** The counters of `rule` (made once per rule name). */
  limiter(rule: LimitRule): Limiter;
}

/** How long a count waits on Redis before this process counts on its own instead. */
const REDIS_LIMIT_WAIT_MS = 1_000;

export function createMemoryRateLimits(): RateLimits {
  return memoised((rule) => new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }));
}

export function createRedisRateLimits(redis: Redis, prefix: string): RateLimits {
  return memoised((rule) => {
    const keyPrefix = `${prefix}:rate:${rule.name}`;
    const options = { keyPrefix, points: rule.points, duration: rule.durationSeconds };
    const local = new RateLimiterMemory(options);
    // A connection that is not ready, or a failed command, goes straight to the local counters.
    const shared = new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: local });
    return {
      consume: (key, points) => withinWait(() => shared.consume(key, points), () => local.consume(key, points)),
      reward: (key, points) => withinWait(() => shared.reward(key, points), () => local.reward(key, points)),
      delete: (key) => withinWait(() => shared.delete(key), () => local.delete(key)),
    };
  });
}

/**
 * Redis's answer, or the local counters' once Redis has not answered for REDIS_LIMIT_WAIT_MS (a
 * Redis that is connected but silent). The wait ends only after the event loop has read whatever
 * arrived meanwhile (setImmediate runs after I/O): a busy process that was late to read the answer
 * must not take it for an outage and count on its own, which would loosen the limit across gateways.
 */
function withinWait<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let answered = false;
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (!answered) local().then(resolve, reject);
        answered = true;
      });
    }, REDIS_LIMIT_WAIT_MS);
    const settle = (settleWith: () => void) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      settleWith();
    };
    shared().then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

function memoised(make: (rule: LimitRule) => Limiter): RateLimits {
  const limiters = new Map<string, Limiter>();
  return {
    limiter(rule) {
      let limiter = limiters.get(rule.name);
      if (!limiter) limiters.set(rule.name, (limiter = make(rule)));
      return limiter;
    },
  };
}

/** Whole seconds until a refused key may try again (at least 1). */
export function retryAfterSeconds(refusal: RateLimiterRes): number {
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

/** What a guess spent, to give back once it proves honest (a right password). */
export interface Spent {
  refund(): Promise<void>;
}

/**
 * Spends one point of each (limit, key) in turn, before anything is checked. Past a limit, gives
 * back the points already spent (a refused guess costs nothing elsewhere) and throws what `refuse`
 * makes of the refusal.
 */
export async function spend(charges: [Limiter, string][], refuse: (refusal: RateLimiterRes) => Error): Promise<Spent> {
  const spent: [Limiter, string][] = [];
  const refund = () => Promise.all(spent.map(([limiter, key]) => limiter.reward(key, 1))).then(() => undefined);
  for (const charge of charges) {
    try {
      await charge[0].consume(charge[1], 1);
    } catch (error) {
      await refund();
      throw error instanceof RateLimiterRes ? refuse(error) : error;
    }
    spent.push(charge);
  }
  return { refund };
}

/**
 * Runs a check that has already spent its points: only a wrong answer (false, undefined) keeps them.
 * A right one gives them back, so that honest sign-ins never count; so does a check that could not
 * run (the error goes on), since nothing was guessed.
 */
export async function keepIfWrong<T>(spent: Spent, check: () => Promise<T>): Promise<T> {
  let answer: T;
  try {
    answer = await check();
  } catch (error) {
    await spent.refund();
    throw error;
  }
  if (answer) await spent.refund();
  return answer;
}
