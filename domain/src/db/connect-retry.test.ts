import { describe, expect, it } from 'vitest';
import { describeConnectionError, isTransientConnectionError, withConnectRetry } from './connect-retry';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A clock that only moves when the helper sleeps, so that no test waits for real. */
function fakeTime() {
  let t = 0;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => t,
    sleep: async (ms: number) => {
      pauses.push(ms);
      t += ms;
    },
  };
}

describe('isTransientConnectionError', () => {
  it.each([
    ['a refused connection', refused()],
    ['a name not yet in DNS', Object.assign(new Error('getaddrinfo ENOTFOUND postgres'), { code: 'ENOTFOUND' })],
    ['a server still starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['the setup server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a socket closed during the handshake', new Error('Connection terminated unexpectedly')],
    ['a connection failure (SQLSTATE class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a connection found broken before a query', new Error('Client has encountered a connection error and is not queryable')],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['an error wrapped as a cause', new Error('migration failed', { cause: refused() })],
    ['every address refused (happy eyeballs)', new AggregateError([refused(), refused()], 'connect failed')],
  ])('retries %s', (_, error) => {
    expect(isTransientConnectionError(error)).toBe(true);
  });

  it.each([
    ['a wrong password', Object.assign(new Error('password authentication failed for user "pog"'), { code: '28P01' })],
    ['a missing database', Object.assign(new Error('database "pog" does not exist'), { code: '3D000' })],
    ['a failing statement', Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })],
    ['a protocol violation', Object.assign(new Error('invalid frontend message type'), { code: '08P01' })],
    ['something that is not an error', 'boom'],
  ])('does not retry %s', (_, error) => {
    expect(isTransientConnectionError(error)).toBe(false);
  });
});

describe('withConnectRetry', () => {
  it('retries transient failures with growing pauses until the task succeeds', async () => {
    const time = fakeTime();
    let calls = 0;
    const retries: number[] = [];
    const result = await withConnectRetry(
      async () => {
        if (++calls < 6) throw refused();
        return 'migrated';
      },
      { ...time, firstDelayMs: 100, maxDelayMs: 500, onRetry: (_, attempt) => retries.push(attempt) },
    );
    expect(result).toBe('migrated');
    expect(calls).toBe(6);
    expect(retries).toEqual([1, 2, 3, 4, 5]);
    expect(time.pauses).toEqual([100, 200, 400, 500, 500]);
  });

  it('throws a final error at once', async () => {
    const time = fakeTime();
    const denied = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    let calls = 0;
    await expect(
      withConnectRetry(async () => {
        calls++;
        throw denied;
      }, time),
    ).rejects.toBe(denied);
    expect(calls).toBe(1);
    expect(time.pauses).toEqual([]);
  });

  it('gives up with the last error when the database never comes', async () => {
    const time = fakeTime();
    const error = refused();
    await expect(
      withConnectRetry(async () => {
        throw error;
      }, { ...time, timeoutMs: 10_000, firstDelayMs: 1_000, maxDelayMs: 4_000 }),
    ).rejects.toBe(error);
    // 1 + 2 + 4 = 7 s waited; the next 4 s pause would pass the 10 s deadline.
    expect(time.pauses).toEqual([1_000, 2_000, 4_000]);
  });
});

describe('describeConnectionError', () => {
  it("names the server's code and message, also under a wrapping error", () => {
    const server = Object.assign(new Error('database "pog" does not exist'), { code: '3D000' });
    expect(describeConnectionError(server)).toBe('3D000: database "pog" does not exist');
    expect(describeConnectionError(new Error('Failed query: SELECT 1', { cause: server }))).toBe('3D000: database "pog" does not exist');
    expect(describeConnectionError(new Error('plain'))).toBe('plain');
  });

  it("does not name the code twice when Node's message starts with it", () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(describeConnectionError(full)).toBe('ENOSPC: no space left on device, write');
  });
});
