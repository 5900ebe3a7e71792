/** Guessing the admin password: 5 failures from one address in 15 minutes, then 429 (AUTH in @pog/common). */
import { AUTH, RateLimitedError } from '@pog/common';
import type { RateLimiter } from '../auth/rate-limit';

const WINDOW_MS = AUTH.loginWindowMinutes * 60_000;
const key = (ip: string) => `admin-login:ip:${ip}`;
const TOO_MANY = 'Too many wrong admin passwords. Please wait a few minutes and try again.';

/** Checked before the password is even verified: over the limit, the right password is refused too. */
export async function assertAdminLoginAllowed(limiter: RateLimiter, ip: string): Promise<void> {
  const { count, retryAfterSeconds } = await limiter.peek(key(ip), WINDOW_MS);
  if (count >= AUTH.adminFailuresPerAddress) throw new RateLimitedError(retryAfterSeconds, TOO_MANY);
}

export async function recordAdminLoginFailure(limiter: RateLimiter, ip: string): Promise<void> {
  await limiter.hit(key(ip), WINDOW_MS);
}
