/**
 * Battle jobs: resolving an accepted battle (asked for by `POST /api/battles/:id/complete`, which
 * waits for the result) and the sweep that expires or completes battles left open for a day. Both
 * are idempotent: a retried resolve returns the stored result, and a swept battle is swept once.
 */
import { completeBattle, sweepBattles, type Clock, type CompletionHooks, type Db, type Processor, type RealtimePublisher } from '@pog/common/server';

/** How often the sweep runs; a lapsed battle waits at most this long past its 24 hours. */
export const BATTLE_SWEEP_MS = 60_000;

interface BattleDeps {
  db: Db;
  publisher: RealtimePublisher;
  clock: Clock;
}

export function resolveBattleProcessor(deps: BattleDeps, hooks: CompletionHooks = {}): Processor<'battle.resolve'> {
  return async ({ battleId, actorId }) => {
    const outcome = await completeBattle(deps.db, battleId, actorId, deps.clock.now(), hooks);
    // Published only now that the transaction has committed.
    outcome.events.publish(deps.publisher);
    return { status: outcome.status, winnerId: outcome.battle.winnerId, battle: outcome.battle };
  };
}

export function sweepBattlesProcessor(deps: BattleDeps): Processor<'battles.sweep'> {
  return async () => sweepBattles(deps.db, deps.clock.now(), (events) => events.publish(deps.publisher));
}
