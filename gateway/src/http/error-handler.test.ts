import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { memoryLogger } from '@pog/domain/logging';
import { errorHandler, toAppError } from './error-handler';

describe('toAppError', () => {
  it('answers a deadlock or serialisation failure with 409, also when the driver error is wrapped', () => {
    for (const error of [{ code: '40P01' }, { code: '40001' }, Object.assign(new Error('Failed query'), { cause: { code: '40P01' } })]) {
      const mapped = toAppError(error);
      expect(mapped.status).toBe(409);
      expect(mapped.code).toBe('CONFLICT');
    }
  });

  it('answers a database connection lost or out of reach with 503, also when the driver error is wrapped', () => {
    const lost = [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P02' },
      { code: '57P03' },
      { code: '08006' },
      { code: '08003' },
      { code: 'ECONNRESET' },
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
      Object.assign(new Error('Failed query: insert into "sessions"'), { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }),
    ];
    for (const error of lost) expect([error, toAppError(error).status]).toEqual([error, 503]);
    // A protocol violation is a bug, not an outage.
    expect(toAppError({ code: '08P01' }).status).toBe(500);
  });

  it("answers a database out of disk with 507 and out of any other resource with 503, as the uploads' full disk and an unreachable database are", () => {
    const wrapped = (code: string) => Object.assign(new Error('Failed query: insert into "users"'), { cause: Object.assign(new Error('could not extend file "base/5/16438": No space left on device'), { code }) });
    for (const full of [{ code: '53100' }, wrapped('53100')]) {
      expect(toAppError(full).toBody()).toEqual({ code: 'SERVER_ERROR', message: 'Something went wrong on our server. Please try again later.' });
      expect(toAppError(full).status).toBe(507);
    }
    for (const short of [{ code: '53200' }, { code: '53300' }, wrapped('53400')]) expect([short, toAppError(short).status]).toEqual([short, 503]);
    expect(toAppError(wrapped('53200')).headers).toEqual({ 'Retry-After': '5' });
  });

  it('keeps AppErrors, maps body-parser errors, and hides everything else behind a plain 500', () => {
    const own = new AppError('COOLDOWN', 'wait');
    expect(toAppError(own)).toBe(own);
    expect(toAppError({ type: 'entity.too.large', status: 413 }).status).toBe(413);
    expect(toAppError({ type: 'entity.parse.failed', status: 400 }).code).toBe('VALIDATION_ERROR');
    const hidden = toAppError(new Error('relation "secret_table" does not exist'));
    expect(hidden.toBody()).toEqual({ code: 'SERVER_ERROR', message: 'Something went wrong on our server. Please try again later.' });
  });
});

describe('errorHandler', () => {
  it('logs unexpected failures and plain 500s with their stack, and nothing else', async () => {
    const { log, lines } = memoryLogger();
    const koa = new Koa();
    koa.use(errorHandler(log));
    koa.use((ctx) => {
      if (ctx.path === '/crash') throw new Error('boom');
      if (ctx.path === '/server') throw new AppError('SERVER_ERROR');
      if (ctx.path === '/busy') throw new AppError('SERVER_ERROR', 'The AI service is busy.', { status: 503 });
      if (ctx.path === '/disk-full') throw Object.assign(new Error('Failed query: insert into "users"'), { cause: Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }) });
      if (ctx.path === '/bad-json') throw Object.assign(new SyntaxError('Unexpected token in {"password":"hunter2"'), { type: 'entity.parse.failed', status: 400, body: '{"password":"hunter2"' });
      throw new AppError('NOT_FOUND', 'nothing here');
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const statuses = [];
      for (const path of ['/crash', '/server', '/busy', '/missing', '/bad-json', '/disk-full']) statuses.push((await fetch(base + path)).status);
      expect(statuses).toEqual([500, 500, 503, 404, 400, 507]);
      // An upstream failure classified where it happened, a 4xx, and a body that failed to parse
      // (the error quotes the body) leave no line here: the access line tells their status and code.
      // A full database disk is named for the operator, without the failed statement.
      expect(lines().map((line) => [line.level, line.message, (line.err as { stack?: string } | undefined)?.stack !== undefined])).toEqual([
        ['error', 'GET /* failed', true],
        ['error', 'GET /* failed', true],
        ['error', "the database's disk is full: writes are refused until space is freed", false],
      ]);
    } finally {
      server.close();
    }
  });
});
