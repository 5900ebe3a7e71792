/**
 * The guessing limits of the auth endpoints (numbers from AUTH in @pog/common). A login spends its
 * points before the password is verified and gets them back when the password was right, so only
 * failures count. The per-name limit counts a name's failures from one address (rate-limiter-flexible's
 * login protection: consecutive failures by username and address, slow guessing by address): a
 * stranger's failures lock only the stranger's address out of that name, never the player.
 */
import { AUTH, RateLimitedError } from '@pog/common';
import { retryAfterSeconds, spend, type LimitRule, type RateLimits, type Spent } from './rate-limit';
import { clientNetwork } from '../http/client-network';

const LOGIN_WINDOW_SECONDS = AUTH.loginWindowMinutes * 60;
const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait a few minutes and try again.';
const TOO_MANY_ACCOUNTS = 'Too many accounts were created from your network. Please try again later.';

const rules = {
  loginNameFromAddress: { name: 'login:user-ip', points: AUTH.loginFailuresPerUsername, durationSeconds: LOGIN_WINDOW_SECONDS },
  loginAddress: { name: 'login:ip', points: AUTH.loginFailuresPerAddress, durationSeconds: LOGIN_WINDOW_SECONDS },
  register: { name: 'register:ip', points: AUTH.registrationsPerAddressPerHour, durationSeconds: 3600 },
} satisfies Record<string, LimitRule>;

/** Spends a login attempt of the name from this address, and of the address; past either limit, 429. */
export function spendLoginAttempt(limits: RateLimits, username: string, address: string): Promise<Spent> {
  const network = clientNetwork(address);
  return spend(
    [
      [limits.limiter(rules.loginNameFromAddress), `${username.toLowerCase()}:${network}`],
      [limits.limiter(rules.loginAddress), network],
    ],
    (refusal) => new RateLimitedError(retryAfterSeconds(refusal), TOO_MANY_LOGINS),
  );
}

/** Counts a registration attempt of the address (each one counts, whatever its outcome); past the limit, 429. */
export async function countRegistration(limits: RateLimits, address: string): Promise<void> {
  await spend([[limits.limiter(rules.register), clientNetwork(address)]], (refusal) => new RateLimitedError(retryAfterSeconds(refusal), TOO_MANY_ACCOUNTS));
}
