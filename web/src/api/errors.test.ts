import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOGUE } from '@pog/common';
import { describeError, errorFromResponse, shouldRetry, shouldRetryRead, shouldRetryWrite, toAppError } from './errors';

describe('errorFromResponse', () => {
  it('keeps the server code and message', () => {
    const error = errorFromResponse(403, JSON.stringify({ message: 'Banned: spam', code: 'FORBIDDEN' }));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe('Banned: spam');
    expect(error.status).toBe(403);
  });

  it('uses the catalogue message when the body has a code but no message', () => {
    const error = errorFromResponse(429, JSON.stringify({ code: 'COOLDOWN' }));
    expect(error.code).toBe('COOLDOWN');
    expect(error.message).toBe(ERROR_CATALOGUE.COOLDOWN.message);
  });

  it.each([
    [400, 'VALIDATION_ERROR'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [429, 'RATE_LIMITED'],
    [500, 'SERVER_ERROR'],
    [503, 'SERVER_ERROR'],
    [418, 'DEFAULT'],
  ] as const)('falls back to the status when the body is not JSON (%i → %s)', (status, code) => {
    const error = errorFromResponse(status, '<html>Bad gateway</html>');
    expect(error.code).toBe(code);
    expect(error.message).toBe(ERROR_CATALOGUE[code].message);
  });

  it('ignores an unknown code and keeps the message', () => {
    const error = errorFromResponse(409, JSON.stringify({ message: 'Username taken', code: 'NOPE' }));
    expect(error.code).toBe('DEFAULT');
    expect(error.message).toBe('Username taken');
  });
});

describe('describeError', () => {
  it('shows the catalogue title with the error message', () => {
    const shown = describeError(new AppError('DAILY_LIMIT', 'Only 5 a day'), true);
    expect(shown).toEqual({ code: 'DAILY_LIMIT', title: 'Daily Limit Reached', message: 'Only 5 a day' });
  });

  it('shows the network error whenever the browser is offline', () => {
    const shown = describeError(new AppError('SERVER_ERROR'), false);
    expect(shown.title).toBe('Connection Error');
    expect(shown.message).toBe(ERROR_CATALOGUE.NETWORK_ERROR.message);
  });

  it('wraps foreign errors as DEFAULT', () => {
    expect(toAppError(new TypeError('boom')).code).toBe('DEFAULT');
    expect(describeError('??', true).message).toBe(ERROR_CATALOGUE.DEFAULT.message);
  });
});

describe('shouldRetry', () => {
  it('retries connection and server failures once', () => {
    expect(shouldRetry(0, new AppError('NETWORK_ERROR'), 1)).toBe(true);
    expect(shouldRetry(0, new AppError('SERVER_ERROR'), 1)).toBe(true);
    expect(shouldRetry(1, new AppError('SERVER_ERROR'), 1)).toBe(false);
  });

  it('never retries answers that would repeat', () => {
    expect(shouldRetry(0, new AppError('UNAUTHORIZED'), 1)).toBe(false);
    expect(shouldRetry(0, new AppError('VALIDATION_ERROR'), 1)).toBe(false);
  });
});

describe('shouldRetryRead and shouldRetryWrite', () => {
  it('retries a read once when online, never while offline', () => {
    expect(shouldRetryRead(0, new AppError('NETWORK_ERROR'), 1, true)).toBe(true);
    expect(shouldRetryRead(0, new AppError('NETWORK_ERROR'), 1, false)).toBe(false);
    expect(shouldRetryRead(0, new AppError('SERVER_ERROR'), 1, false)).toBe(false);
  });

  it('retries a write after a server error only, never after a failed connection', () => {
    expect(shouldRetryWrite(0, new AppError('SERVER_ERROR'), 1)).toBe(true);
    expect(shouldRetryWrite(1, new AppError('SERVER_ERROR'), 1)).toBe(false);
    expect(shouldRetryWrite(0, new AppError('NETWORK_ERROR'), 1)).toBe(false);
    expect(shouldRetryWrite(0, new AppError('VALIDATION_ERROR'), 1)).toBe(false);
  });
});
