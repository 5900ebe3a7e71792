/**
 * Retrying what fails only because the database is not accepting connections yet: a PostgreSQL
 * container that is still initialising, restarting, or not yet resolvable on the network. Any
 * other error (a bad password or user, 28P01 and 28000; a database that does not exist, 3D000; a
 * failing SQL statement) is final and thrown at once.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from '../logging/logger';
import type { Database } from './client';

/** Node network errors and PostgreSQL states that mean "not now", not "never". */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND', // the service name is not in DNS until its container runs
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown: a restart, a failover, pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up
  '53300', // too_many_connections
]);

/**
 * node-postgres's own words for a connection that went away: the server closed the socket (during
 * the start-up handshake or under a query), or a client found its connection broken before a query.
 */
const LOST_CONNECTION = /Connection terminated (unexpectedly|due to connection timeout)|Client has encountered a connection error and is not queryable/;

/**
 * Whether the database could not be reached or the connection was lost: a transaction it cut off
 * is rolled back by the server (unless its COMMIT had reached it already), and trying again later
 * may succeed.
 */
export function isTransientConnectionError(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || isConnectionException(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // Happy-eyeballs connects fail with an AggregateError of per-address errors.
    if (Array.isArray(errors) && errors.some(isTransientConnectionError)) return true;
  }
  return false;
}

/** An error and the causes it wraps (a driver's error inside Drizzle's), outermost first, at most five. */
export function* errorChain(error: unknown): Generator<object> {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    yield e as object;
    e = (e as { cause?: unknown }).cause;
  }
}

/** SQLSTATE class 08, connection exception; a protocol violation (08P01) is a bug, not an outage. */
const isConnectionException = (code: string) => /^08[0-9A-Z]{3}$/.test(code) && code !== '08P01';

export interface ConnectRetryOptions {
  /** Give up after this long (default 120 s); the last error is thrown. */
  timeoutMs?: number;
  /** First pause (default 250 ms), doubled after each failure up to maxDelayMs (default 5 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Told before each pause, e.g. to log that the database is not there yet. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Runs `task` until it succeeds, retrying with exponential backoff while its failure is transient. */
export async function withConnectRetry<T>(task: () => Promise<T>, options: ConnectRetryOptions = {}): Promise<T> {
  const { timeoutMs = 120_000, firstDelayMs = 250, maxDelayMs = 5_000, onRetry } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + timeoutMs;
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (!isTransientConnectionError(error) || now() + delay > deadline) throw error;
      onRetry?.(error, attempt, delay);
      await sleep(delay);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}

/**
 * A short description of a connection error for a log line: its code and message, taken from the
 * cause that has a code when the error wraps one (Drizzle wraps the server's error in its own).
 */
export function describeConnectionError(error: unknown): string {
  for (const e of errorChain(error)) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    // Node's own errors start their message with the code already ("ENOSPC: no space left ...").
    if (typeof code === 'string' && typeof message === 'string' && message) return message.startsWith(code) ? message : `${code}: ${message}`;
  }
  const { message } = (error ?? {}) as { message?: unknown };
  return typeof message === 'string' && message ? message : String(error);
}

/**
 * Waits until the database answers, saying once that it waits (and when it is there), retrying for
 * as long as the failure is transient; a refusal such as a database that does not exist is thrown
 * at once, with the server's own message, instead of being waited on forever.
 */
export async function waitForDatabase(database: Database, log: Logger): Promise<void> {
  let announced = false;
  await withConnectRetry(() => database.db.execute(sql`SELECT 1`), {
    timeoutMs: Number.POSITIVE_INFINITY,
    onRetry: (error) => {
      if (!announced) log.warn({ component: 'db' }, `waiting for ${database.description} (${describeConnectionError(error)}); retrying until it answers`);
      announced = true;
    },
  });
  if (announced) log.info({ component: 'db' }, `${database.description} is up`);
}
