import { describe, expect, it } from 'vitest';
import { AppError, codeFromStatus, ERROR_CATALOGUE, isErrorCode, RateLimitedError, ValidationError } from './errors';

describe('error catalogue', () => {
  it('maps statuses to codes as the product spec (errors) says', () => {
    expect(codeFromStatus(400)).toBe('VALIDATION_ERROR');
    expect(codeFromStatus(401)).toBe('UNAUTHORIZED');
    expect(codeFromStatus(403)).toBe('FORBIDDEN');
    expect(codeFromStatus(404)).toBe('NOT_FOUND');
    expect(codeFromStatus(429)).toBe('RATE_LIMITED');
    expect(codeFromStatus(500)).toBe('SERVER_ERROR');
    expect(codeFromStatus(503)).toBe('SERVER_ERROR');
    expect(codeFromStatus(409)).toBe('DEFAULT');
  });

  it('keeps the spec titles and messages', () => {
    expect(ERROR_CATALOGUE.CREATION_LIMIT).toMatchObject({
      title: 'Creation Limit Reached',
      message: "You've reached your creation limit. Burn an existing pog to create a new one.",
    });
    expect(ERROR_CATALOGUE.NETWORK_ERROR.message).toBe('Unable to connect to the server. Please check your internet connection.');
    expect(ERROR_CATALOGUE.DAILY_LIMIT.status).toBe(429);
    expect(ERROR_CATALOGUE.CREATION_LIMIT.status).toBe(403);
  });

  it('builds error bodies with the default message, or the given one', () => {
    expect(new AppError('NOT_FOUND').toBody()).toEqual({ code: 'NOT_FOUND', message: 'The requested resource was not found.' });
    expect(new ValidationError('Name is required').toBody()).toEqual({ code: 'VALIDATION_ERROR', message: 'Name is required' });
    expect(new RateLimitedError(12.2).headers).toEqual({ 'Retry-After': '13' });
    expect(isErrorCode('COOLDOWN')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});
