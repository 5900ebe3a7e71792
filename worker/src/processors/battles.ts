/**
 * Battle jobs: resolving an accepted battle (asked for by `POST /api/battles/:id/complete`, which
 * waits for the result) and the sweep that expires or completes battles left open for a day. Both
 * are idempotent: a retried resolve returns the stored result, and a swept battle is swept once.
 *
 * Resolve jobs running at the same time are settled together (support/group-commit.ts): one
 * transaction for the group, each job still answering with its own battle.
 */
import {
  COMPLETION_GROUP_LIMIT,
  completeBattles,
  recordAchievements,
  sweepBattles,
  type Clock,
  type Completion,
  type CompletionHooks,
  type CompletionRequest,
  type Db,
  type Processor,
  type RealtimePublisher,
} from '@pog/common/server';
import { GroupCommit } from '../support/group-commit';

/** How often the sweep runs; a lapsed battle waits at most this long past its 24 hours. */
export const BATTLE_SWEEP_MS = 60_000;
/** Groups settled at once: a second one fills while the first waits on the database. */
const COMPLETION_GROUPS_IN_FLIGHT = 2;

interface BattleDeps {
  db: Db;
  publisher: RealtimePublisher;
  clock: Clock;
}

export function resolveBattleProcessor(deps: BattleDeps, hooks: CompletionHooks = {}): Processor<'battle.resolve'> {
  const group = new GroupCommit<CompletionRequest, Completion>(
    async (requests) => {
      const now = deps.clock.now();
      const { results, events } = await completeBattles(deps.db, requests, now, hooks);
      // Published only now that the transaction has committed.
      events.publish(deps.publisher);
      // The winners have one more win and one more POG: their achievements, checked for the whole
      // group at once, before the jobs finish (so a crash here retries the check too).
      const winners = results.flatMap((r) => (r.ok && r.value.status === 'completed' && r.value.battle.winnerId !== null ? [r.value.battle.winnerId] : []));
      (await recordAchievements(deps.db, winners, now)).events.publish(deps.publisher);
      return results;
    },
    { maxGroup: COMPLETION_GROUP_LIMIT, maxInFlight: COMPLETION_GROUPS_IN_FLIGHT },
  );
  return async ({ battleId, actorId }) => {
    const { status, battle } = await group.submit({ battleId, actorId });
    return { status, winnerId: battle.winnerId, battle };
  };
}

export function sweepBattlesProcessor(deps: BattleDeps): Processor<'battles.sweep'> {
  return async () => {
    const now = deps.clock.now();
    const { expired, completed, winnerIds } = await sweepBattles(deps.db, now, (events) => events.publish(deps.publisher));
    // The winners of the battles the system completed, as for a player's complete.
    (await recordAchievements(deps.db, winnerIds, now)).events.publish(deps.publisher);
    return { expired, completed };
  };
}
