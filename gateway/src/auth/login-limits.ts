/** The guessing limits of the auth endpoints (numbers from AUTH in @pog/common). */
import { AUTH, RateLimitedError } from '@pog/common';
import type { RateLimiter } from './rate-limit';

const LOGIN_WINDOW_MS = AUTH.loginWindowMinutes * 60_000;
const HOUR_MS = 3600_000;
const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait a few minutes and try again.';

const keys = {
  loginUser: (username: string) => `login:user:${username.toLowerCase()}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  register: (ip: string) => `register:ip:${ip}`,
};

export async function assertLoginAllowed(limiter: RateLimiter, username: string, ip: string): Promise<void> {
  const [byUser, byAddress] = await Promise.all([
    limiter.peek(keys.loginUser(username), LOGIN_WINDOW_MS),
    limiter.peek(keys.loginAddress(ip), LOGIN_WINDOW_MS),
  ]);
  if (byUser.count >= AUTH.loginFailuresPerUsername) throw new RateLimitedError(byUser.retryAfterSeconds, TOO_MANY_LOGINS);
  if (byAddress.count >= AUTH.loginFailuresPerAddress) throw new RateLimitedError(byAddress.retryAfterSeconds, TOO_MANY_LOGINS);
}

export async function recordLoginFailure(limiter: RateLimiter, username: string, ip: string): Promise<void> {
  await Promise.all([limiter.hit(keys.loginUser(username), LOGIN_WINDOW_MS), limiter.hit(keys.loginAddress(ip), LOGIN_WINDOW_MS)]);
}

export async function countRegistration(limiter: RateLimiter, ip: string): Promise<void> {
  const { count, retryAfterSeconds } = await limiter.hit(keys.register(ip), HOUR_MS);
  if (count > AUTH.registrationsPerAddressPerHour) {
    throw new RateLimitedError(retryAfterSeconds, 'Too many accounts were created from your network. Please try again later.');
  }
}
