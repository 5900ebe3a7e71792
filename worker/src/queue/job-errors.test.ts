import { describe, expect, it } from 'vitest';
import { AppError, ConflictError, RateLimitedError } from '@pog/common';
import { decodeFailure, encodeAppError, failureFromError } from './job-errors';

describe('job failure encoding', () => {
  it('carries an AppError through a failure reason string', () => {
    const original = new ConflictError('Someone else accepted this trade.', { status: 'accepted' });
    const rebuilt = decodeFailure(encodeAppError(original));
    expect(rebuilt).toBeInstanceOf(AppError);
    expect(rebuilt).toMatchObject({ code: 'CONFLICT', status: 409, message: 'Someone else accepted this trade.', details: { status: 'accepted' } });
  });

  it('keeps a custom status and response headers', () => {
    const rebuilt = decodeFailure(encodeAppError(new RateLimitedError(30)));
    expect(rebuilt.headers).toEqual({ 'Retry-After': '30' });
    const custom = decodeFailure(encodeAppError(new AppError('SERVER_ERROR', 'Busy.', { status: 503 })));
    expect(custom.status).toBe(503);
  });

  it('turns any other reason into a SERVER_ERROR that does not repeat it', () => {
    for (const reason of ['relation "users" does not exist', '{"pogAppError":{"code":"NOPE","message":"x","status":1}}', '{"pogAppError":', undefined]) {
      const error = decodeFailure(reason);
      expect(error.code).toBe('SERVER_ERROR');
      expect(error.message).not.toContain('users');
      expect(error.message).not.toContain('NOPE');
    }
  });

  it('keeps the code when details cannot be serialized', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(failureFromError(new ConflictError('Changed.', cyclic))).toMatchObject({ code: 'CONFLICT', message: 'Changed.' });
    expect(failureFromError(new TypeError('x is undefined')).code).toBe('SERVER_ERROR');
  });
});
