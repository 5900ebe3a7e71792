import { describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { toAppError } from './error-handler';

describe('toAppError', () => {
  it('answers a deadlock or serialisation failure with 409, also when the driver error is wrapped', () => {
    for (const error of [{ code: '40P01' }, { code: '40001' }, Object.assign(new Error('Failed query'), { cause: { code: '40P01' } })]) {
      const mapped = toAppError(error);
      expect(mapped.status).toBe(409);
      expect(mapped.code).toBe('CONFLICT');
    }
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
