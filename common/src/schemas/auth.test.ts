import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerFormSchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('auth form validation (product spec: validation)', () => {
  it('uses the exact login messages', () => {
    expect(firstMessage(loginRequestSchema.safeParse({ username: 'ab', password: 'secret1' }))).toBe('Username must be at least 3 characters');
    expect(firstMessage(loginRequestSchema.safeParse({ username: 'abc', password: 'short' }))).toBe('Password must be at least 6 characters');
    expect(loginRequestSchema.safeParse({ username: 'abc', password: 'secret' }).success).toBe(true);
  });

  it("puts 'Passwords don't match' on confirmPassword", () => {
    const result = registerFormSchema.safeParse({ username: 'player', password: 'secret1', confirmPassword: 'secret2' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" })]);
  });

  it('needs confirmPassword of at least 6 characters', () => {
    const result = registerFormSchema.safeParse({ username: 'player', password: 'secret1', confirmPassword: 'abc' });
    expect(result.error!.issues.map((i) => i.message)).toContain('Password must be at least 6 characters');
  });
});
