/** Trade jobs: the expiry sweep. Idempotent: an expired trade is not expired twice. */
import { expireTrades } from '@pog/domain/trades';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import { type Processor } from '@pog/domain/jobs';

export const TRADE_EXPIRY_SWEEP_MS = 60_000;

export function expireTradesProcessor(deps: { db: Db; clock: Clock }): Processor<'trades.expire'> {
  return async () => ({ expired: await expireTrades(deps.db, deps.clock.now()) });
}
