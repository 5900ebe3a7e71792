/**
 * How long a gateway keeps a session or a user row it read. Every change to either is announced to
 * every gateway (cluster/invalidation.ts), which drops its copy at once: the lifetime only bounds how
 * long a change made outside the app (an operator's SQL) can go unseen.
 */
export const CACHE_TTL_MS = 5 * 60_000;

/** A lifetime between half of `ttlMs` and all of it, so that entries read together are not read again together. */
export const cacheLifetime = (ttlMs: number): number => ttlMs * (0.5 + Math.random() / 2);
