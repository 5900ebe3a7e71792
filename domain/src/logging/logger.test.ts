import { describe, expect, it } from 'vitest';
import { createLogger, serviceName } from './logger';
import { memoryLogger } from './memory-logger';

describe('the structured logger', () => {
  it('writes one JSON line per call with time, level, service and message, then the fields', () => {
    const { log, lines } = memoryLogger({ service: 'gateway+worker', level: 'info' });
    log.child({ requestId: 'r-1' }).info({ route: '/api/pogs/:id', status: 404 }, 'GET /api/pogs/:id 404');
    log.debug('not at info');
    const [line, ...rest] = lines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 'info', service: 'gateway+worker', requestId: 'r-1', route: '/api/pogs/:id', status: 404, message: 'GET /api/pogs/:id 404' });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
  });

  it('redacts secrets wherever a caller puts them', () => {
    const { log, text } = memoryLogger();
    log.info(
      {
        password: 'pw-top',
        body: { username: 'bob', password: 'pw-nested', newPassword: 'pw-new' },
        req: { body: { adminPassword: 'pw-admin' }, headers: { cookie: 'pf.sid=cookie-value', authorization: 'Bearer token-value', 'user-agent': 'kept' } },
        res: { headers: { 'set-cookie': 'pf.sid=set-cookie-value' } },
        session: { token: 'session-token', sessionId: 'session-id' },
      },
      'careless',
    );
    for (const secret of ['pw-top', 'pw-nested', 'pw-new', 'pw-admin', 'cookie-value', 'token-value', 'set-cookie-value', 'session-token', 'session-id']) {
      expect(text()).not.toContain(secret);
    }
    expect(text()).toContain('"user-agent":"kept"');
    expect(text()).toContain('"username":"bob"');
  });

  it("redacts a child logger's fields and secrets inside lists, and leaves the caller's object as it was", () => {
    const { log, text, lines } = memoryLogger();
    const fields = { attempts: [{ username: 'ann', password: 'pw-in-list' }], headers: { 'x-api-key': 'key-value', accept: 'json' } };
    log.child({ component: 'auth', token: 'child-token' }).info(fields, 'listed');
    for (const secret of ['pw-in-list', 'key-value', 'child-token']) expect(text()).not.toContain(secret);
    expect(lines()[0]).toMatchObject({ component: 'auth', token: '[redacted]', attempts: [{ username: 'ann', password: '[redacted]' }], headers: { accept: 'json' } });
    expect(fields.attempts[0]!.password).toBe('pw-in-list');
    expect(fields.headers['x-api-key']).toBe('key-value');
  });

  it('logs an error as its class, message, stack, code and cause, never what a library hung on it', () => {
    const { log, lines } = memoryLogger();
    const parseError = Object.assign(new SyntaxError('Unexpected end of JSON input'), {
      type: 'entity.parse.failed',
      status: 400,
      body: '{"username":"bob","password":"hunter2"',
      cause: Object.assign(new Error('inner'), { code: 'E_INNER' }),
    });
    log.error({ err: parseError }, 'failed');
    const err = lines()[0]!.err as Record<string, unknown>;
    expect(Object.keys(err).sort()).toEqual(['cause', 'message', 'stack', 'status', 'type']);
    expect(err).toMatchObject({ type: 'SyntaxError', message: 'Unexpected end of JSON input', status: 400, cause: { message: 'inner', code: 'E_INNER' } });
    expect(JSON.stringify(lines())).not.toContain('hunter2');
  });

  it('names the service after what the process runs', () => {
    expect(serviceName(['worker', 'gateway'])).toBe('gateway+worker');
    expect(serviceName(['worker'])).toBe('worker');
  });

  it('writes readable lines instead of JSON when asked to be pretty (a terminal)', () => {
    let written = '';
    const log = createLogger({ service: 'gateway', pretty: true, destination: { write: (line: string) => void (written += line) } });
    log.info({ route: '/api/pogs/:id', password: 'hunter2' }, 'hello there');
    expect(written).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: hello there\n/);
    expect(written).toContain('route: "/api/pogs/:id"');
    expect(written).not.toContain('hunter2');
    expect(() => JSON.parse(written)).toThrow();
  });
});
