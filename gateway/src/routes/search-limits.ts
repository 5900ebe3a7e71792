/**
 * Fair use of search (Explore's and the player lists', one allowance for both: `AppContext.searches`),
 * the costliest reads a client can repeat. Two limits, and neither
 * ever makes a search wait for another one's length:
 *
 * - Per client (the signed-in player, else the address), counted by the app's rate limits (shared
 *   by the gateways through Redis): SEARCH_RATE searches a second, and beyond that a reserve of
 *   SEARCH_BURST. A person typing in the search box (a search every 300 ms or slower: at most 4 in
 *   any second) never reaches the first; typing faster for a moment draws on the reserve. A client
 *   looping on search is refused (429, Retry-After) past them: about 5 searches a second at most.
 * - Across clients, in this process: at most `slots` searches run at once; up to `queued` more wait
 *   for a slot (first come, first served) and any beyond are refused (429, Retry-After: 1). Searches
 *   then hold at most `slots` database connections (4 of the default pool's 10), whatever the number of
 *   looping clients, and plain pages always find a connection.
 */
import { RateLimitedError } from '@pog/common';
import type { UserId } from '@pog/common/schemas/ids';
import { BurstyRateLimiter, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { retryAfterSeconds, type LimitRule, type RateLimits } from '../auth/rate-limit';
import { clientNetwork } from '../http/client-network';
import { workSlots } from '../http/work-slots';

export const SEARCH_RATE: LimitRule = { name: 'search:client', points: 4, durationSeconds: 1 };
export const SEARCH_BURST: LimitRule = { name: 'search:burst', points: 8, durationSeconds: 5 };
export const SEARCH_SLOTS = 4;
export const SEARCH_QUEUE = 128;

export interface SearchLimits {
  /** Runs `search` for `client` if its limits allow; throws RateLimitedError otherwise. */
  run<T>(client: string, search: () => Promise<T>): Promise<T>;
}

const refused = (seconds: number) => new RateLimitedError(seconds, `Too many searches. Search again in ${seconds} second${seconds === 1 ? '' : 's'}.`);

export function createSearchLimits(rateLimits: RateLimits, { slots = SEARCH_SLOTS, queued = SEARCH_QUEUE } = {}): SearchLimits {
  // The client's rate first, then its reserve; refused with the rate's wait when neither has a point.
  const perClient = new BurstyRateLimiter(rateLimits.limiter(SEARCH_RATE) as RateLimiterAbstract, rateLimits.limiter(SEARCH_BURST) as RateLimiterAbstract);
  const running = workSlots({ slots, queued, refuse: () => refused(1) });

  async function admit(client: string): Promise<void> {
    try {
      await perClient.consume(client, 1);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw refused(retryAfterSeconds(error));
      throw error;
    }
  }

  return {
    async run(client, search) {
      await admit(client);
      return running.run(search);
    },
  };
}

/** Whose limits a request's search counts against: the signed-in player's, else the client's network (client-network.ts). */
export function searchClient(userId: UserId | undefined, address: string): string {
  return userId === undefined ? `ip:${clientNetwork(address)}` : `user:${userId}`;
}
