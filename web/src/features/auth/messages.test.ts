import { describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { AUTH_TEXT, authFailureMessage } from './messages';

describe('authFailureMessage', () => {
  it("shows the server's message", () => {
    expect(authFailureMessage(new AppError('UNAUTHORIZED', 'Invalid username or password'), 'fallback')).toBe('Invalid username or password');
    expect(authFailureMessage(new AppError('FORBIDDEN', 'Banned: cheating'), 'fallback')).toBe('Banned: cheating');
  });

  it('falls back when the server sent only a generic catalogue text', () => {
    expect(authFailureMessage(new AppError('UNAUTHORIZED'), AUTH_TEXT.loginFailedFallback)).toBe(AUTH_TEXT.loginFailedFallback);
    expect(authFailureMessage(new Error(''), AUTH_TEXT.registerFailedFallback)).toBe(AUTH_TEXT.registerFailedFallback);
  });

  it('keeps catalogue texts that explain something (rate limit, connection)', () => {
    expect(authFailureMessage(new AppError('RATE_LIMITED'), 'fallback')).toMatch(/too many requests/);
    expect(authFailureMessage(new AppError('NETWORK_ERROR'), 'fallback')).toMatch(/Unable to connect/);
  });

  it('greets with the brand', () => {
    expect(AUTH_TEXT.registerSuccess('alice')).toBe('Welcome to Pog Federation, alice!');
  });
});
