import { describe, expect, it } from 'vitest';
import { ERROR_TEXT, appErrorMessage, sectionErrorMessage } from './errorTexts';

describe('error screen texts', () => {
  it('tells an offline player to check the connection', () => {
    expect(appErrorMessage(true)).toBe('You appear to be offline. Please check your connection and try again.');
    expect(sectionErrorMessage(new Error('boom'), true)).toBe(ERROR_TEXT.offline);
  });

  it('shows the error message, or the fallback when there is none', () => {
    expect(appErrorMessage(false)).toBe('We encountered a problem with the application. Please refresh to continue.');
    expect(sectionErrorMessage(new Error('Pog not found'), false)).toBe('Pog not found');
    expect(sectionErrorMessage('not an error', false)).toBe('An unexpected error occurred. Please try again later.');
  });
});
