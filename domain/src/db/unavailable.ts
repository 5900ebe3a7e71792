/**
 * Failures that say the database cannot do any work right now, whatever was asked of it: it cannot
 * be reached or its connection was lost, or it ran out of a resource (SQLSTATE class 53: its disk is
 * full, its memory, its connections). Nothing about the request or the job is wrong; the same work
 * succeeds once an operator or a restart has put the database right.
 */
import { errorChain, isTransientConnectionError } from './connect-retry';

/** Whether the error, or a cause it wraps, carries a SQLSTATE that `test` accepts. */
function hasSqlState(error: unknown, test: (code: string) => boolean): boolean {
  for (const e of errorChain(error)) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && test(code)) return true;
  }
  return false;
}

/** The database's disk is full (53100): reads still work, every write fails until space is freed. */
export function isDatabaseDiskFull(error: unknown): boolean {
  return hasSqlState(error, (code) => code === '53100');
}

/** The database is unreachable or out of a resource: work that failed on it is worth doing again later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isTransientConnectionError(error) || hasSqlState(error, (code) => code.startsWith('53'));
}
