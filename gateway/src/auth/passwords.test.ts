import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '@pog/common';
import { hashPassword, PASSWORD_QUEUE, PASSWORD_SLOTS, passwordWork, TOO_MANY_AT_ONCE, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies what it hashed, and nothing else', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });

  it('refuses at once, with a 429 to try again, when every slot and place in the queue is taken', async () => {
    const stored = await hashPassword('correct horse');
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const holding = Array.from({ length: PASSWORD_SLOTS + PASSWORD_QUEUE }, () => passwordWork.run(() => busy));
    const refused = await verifyPassword(stored, 'correct horse').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ message: TOO_MANY_AT_ONCE, headers: { 'Retry-After': '1' } });
    await expect(hashPassword('another')).rejects.toThrow(TOO_MANY_AT_ONCE);
    release();
    await Promise.all(holding);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
  });
});
