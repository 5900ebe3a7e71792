import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerFormSchema } from '@pog/common';
import { fieldErrors } from './formErrors';

describe('fieldErrors', () => {
  it('gives the spec messages for a short login', () => {
    const result = loginRequestSchema.safeParse({ username: 'ab', password: '123' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
  });

  it('puts a mismatch on confirmPassword', () => {
    const result = registerFormSchema.safeParse({ username: 'alice', password: 'secret1', confirmPassword: 'secret2' });
    expect(fieldErrors(result.error!.issues)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('keeps only the first message of a field', () => {
    expect(fieldErrors([
      { path: ['username'], message: 'first' },
      { path: ['username'], message: 'second' },
      { path: [], message: 'form-level' },
    ])).toEqual({ username: 'first' });
  });
});
