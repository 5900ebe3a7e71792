/**
 * Failures that say the database cannot do any work right now, whatever was asked of it: it cannot
 * be reached or its connection was lost, or it ran out of a resource (SQLSTATE class 53: its disk is
 * full, its memory, its connections). Nothing about the request or the job is wrong; the same work
 * succeeds once an operator or a restart has put the database right.
 */
import { isTransientConnectionError } from './connect-retry';

/** The SQLSTATE of a database error, looked for through the causes a driver or Drizzle wrapped it in. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The database's disk is full (53100): reads still work, every write fails until space is freed. */
export function isDatabaseDiskFull(error: unknown): boolean {
  return sqlStateOf(error) === '53100';
}

/** The database is unreachable or out of a resource: work that failed on it is worth doing again later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isTransientConnectionError(error) || Boolean(sqlStateOf(error)?.startsWith('53'));
}
