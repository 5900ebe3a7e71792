/** Guessing the admin password: 5 failures from one address in 15 minutes, then 429 (AUTH in @pog/common). */
import { AUTH, RateLimitedError } from '@pog/common';
import { retryAfterSeconds, spend, type LimitRule, type RateLimits, type Spent } from '../auth/rate-limit';
import { clientNetwork } from '../http/client-network';

const rule: LimitRule = { name: 'admin-login:ip', points: AUTH.adminFailuresPerAddress, durationSeconds: AUTH.loginWindowMinutes * 60 };
const TOO_MANY = 'Too many wrong admin passwords. Please wait a few minutes and try again.';

/**
 * Spends a guess before the password is even verified: over the limit, the right password is refused
 * too. A right password gets its point back (keepIfWrong), so only wrong ones count.
 */
export function spendAdminGuess(limits: RateLimits, address: string): Promise<Spent> {
  return spend([[limits.limiter(rule), clientNetwork(address)]], (refusal) => new RateLimitedError(retryAfterSeconds(refusal), TOO_MANY));
}
