import { describe, expect, it } from 'vitest';
import { isDatabaseDiskFull, isDatabaseUnavailable } from './unavailable';

/** A driver error as Drizzle hands it on: its own message, the database's error as the cause. */
const wrapped = (code: string, message = 'could not extend file "base/5/16438": No space left on device') =>
  Object.assign(new Error('Failed query: insert into "notifications"'), { cause: Object.assign(new Error(message), { code }) });

describe('a database that cannot do any work right now', () => {
  it('is one out of reach, or out of disk, memory or connections, however the error is wrapped', () => {
    for (const error of [wrapped('53100'), wrapped('53200'), { code: '53300' }, wrapped('57P01'), { code: 'ECONNREFUSED' }, new Error('Connection terminated unexpectedly')]) {
      expect([error, isDatabaseUnavailable(error)]).toEqual([error, true]);
    }
  });

  it('is not a statement that failed on its own: a constraint, a missing table, a conflict, a bug', () => {
    for (const error of [wrapped('23505'), wrapped('42P01'), wrapped('40001'), wrapped('08P01'), new Error('always broken'), undefined]) {
      expect([error, isDatabaseUnavailable(error)]).toEqual([error, false]);
    }
  });

  it('tells a full disk from the other shortages', () => {
    expect(isDatabaseDiskFull(wrapped('53100'))).toBe(true);
    expect(isDatabaseDiskFull({ code: '53100' })).toBe(true);
    expect(isDatabaseDiskFull(wrapped('53200'))).toBe(false);
    expect(isDatabaseDiskFull({ code: 'ENOSPC' })).toBe(false);
  });
});
