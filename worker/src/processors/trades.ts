/** Trade jobs: the expiry sweep. Idempotent: an expired trade is not expired twice. */
import { expireTrades, type Clock, type Db, type Processor } from '@pog/common/server';

export const TRADE_EXPIRY_SWEEP_MS = 60_000;

export function expireTradesProcessor(deps: { db: Db; clock: Clock }): Processor<'trades.expire'> {
  return async () => ({ expired: await expireTrades(deps.db, deps.clock.now()) });
}
