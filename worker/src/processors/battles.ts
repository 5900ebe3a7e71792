/**
 * Battle jobs: resolving an accepted battle (asked for by `POST /api/battles/:id/complete`, which
 * waits for the result) and the sweep that expires or completes battles left open for a day. Both
 * are idempotent: a retried resolve returns the stored result, and a swept battle is swept once.
 *
 * Resolve jobs running at the same time are settled together (support/group-commit.ts): one
 * transaction for the group, each job still answering with its own battle. Events and the winners'
 * achievements check are part of that unit of work.
 */
import {
  COMPLETION_GROUP_LIMIT, completeBattles, sweepBattles, type Completion, type CompletionHooks, type CompletionRequest,
} from '@pog/domain/battles';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import { type Processor } from '@pog/domain/jobs';
import { GroupCommit } from '../support/group-commit';

/** How often the sweep runs; a lapsed battle waits at most this long past its 24 hours. */
export const BATTLE_SWEEP_MS = 60_000;
/** Groups settled at once: a second one fills while the first waits on the database. */
const COMPLETION_GROUPS_IN_FLIGHT = 2;

interface BattleDeps {
  db: Db;
  clock: Clock;
}

export function resolveBattleProcessor(deps: BattleDeps, hooks: CompletionHooks = {}): Processor<'battle.resolve'> {
  const group = new GroupCommit<CompletionRequest, Completion>(
    (requests) => completeBattles(deps.db, requests, deps.clock.now(), hooks),
    { maxGroup: COMPLETION_GROUP_LIMIT, maxInFlight: COMPLETION_GROUPS_IN_FLIGHT },
  );
  return async ({ battleId, actorId }) => {
    const { status, battle } = await group.submit({ battleId, actorId });
    return { status, winnerId: battle.winnerId, battle };
  };
}

export function sweepBattlesProcessor(deps: BattleDeps): Processor<'battles.sweep'> {
  return async () => sweepBattles(deps.db, deps.clock.now());
}
