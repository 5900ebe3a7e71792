/** Battles: challenge, answer, cancel, complete, and the Battle Arena's lists (product spec: screens, states, roles and calls). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError, battlesApi, NotFoundError, verifyBattle, type Battle } from '@pog/common';
import {
  acceptBattle, battlePolicy, cancelBattle, closedBattlesOf, completeBattles, createBattle, declineBattle, findBattleRow, MISSING_BATTLE, openBattlesOf, rollInput, seesWholeBattleHistoryOf, toBattle,
  toBattleReveal, toBattles, wrongState,
} from '@pog/domain/battles';
import { requireUser, sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';
import type { BattleId, UserId } from '@pog/common/schemas/ids';

/** How long a complete waits for the worker before settling the battle itself. */
const RESOLVE_WAIT_MS = 1_000;

/** The battle of the `:id` param, if this user (or visitor) may see it (404 otherwise: battles/policy.ts). */
async function visibleBattle(app: AppContext, id: BattleId, user: { id: UserId } | undefined) {
  const row = await findBattleRow(app.db, id);
  if (!row) throw new NotFoundError(MISSING_BATTLE);
  battlePolicy.authorize('view', user, row);
  return row;
}

/**
 * A completed battle for the public reads (reveal, verify): anyone, signed in or not, may read it;
 * one of its players asking too early gets 409 with the battle as it is, anyone else 404.
 */
async function completedBattle(app: AppContext, ctx: Context, id: BattleId, action: string) {
  const viewerId = sessionUserId(ctx);
  const row = await visibleBattle(app, id, viewerId === undefined ? undefined : { id: viewerId });
  if (row.status !== 'completed') throw await wrongState(app.db, row, action, app.clock.now());
  return row;
}

/**
 * Completes a battle through the worker's `battle.resolve` (jobId = battle id, so completes from
 * both players at once share one job). When the queue fails us (Redis away, the job lost with it,
 * or no worker answering within RESOLVE_WAIT_MS, e.g. one still reconnecting) the battle is settled
 * here instead: completion is idempotent, so a battle the worker did settle is answered as stored,
 * and one it did not is settled once. Never a 5xx after a commit, and no long wait.
 */
async function completeBattle(app: AppContext, battleId: BattleId, actorId: UserId): Promise<Battle> {
  try {
    return (await app.queue.run('battle.resolve', { battleId, actorId }, { jobId: String(battleId), timeoutMs: RESOLVE_WAIT_MS })).battle;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw error;
    const [result] = await completeBattles(app.db, [{ battleId, actorId }], app.clock.now());
    if (!result!.ok) throw result!.error;
    return result!.value.battle;
  }
}

export function battleRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/battles' });

  handle(router, battlesApi.create, async ({ ctx, body }) => {
    const user = await requireUser(app, ctx);
    const input = body();
    return await createBattle(app.db, user.id, input, app.clock.now());
  });

  handle(router, battlesApi.pending, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { userId } = params();
    battlePolicy.authorize('listOpen', user, userId);
    return await toBattles(app.db, await openBattlesOf(app.db, userId), app.clock.now());
  });

  /** Your whole history; another player's completed battles only (their public record). */
  handle(router, battlesApi.history, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { userId } = params();
    return await toBattles(app.db, await closedBattlesOf(app.db, userId, !seesWholeBattleHistoryOf(user, userId)), app.clock.now());
  });

  handle(router, battlesApi.get, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const row = await visibleBattle(app, params().id, user);
    return await toBattle(app.db, row, app.clock.now());
  });

  /**
   * One battle as anyone may watch it (its public page), signed in or not, whatever its state: the
   * same snapshot as the players', whose server seed stays null until the battle is completed.
   */
  handle(router, battlesApi.public, async ({ ctx, params }) => {
    const row = await findBattleRow(app.db, params().id);
    if (!row) throw new NotFoundError(MISSING_BATTLE);
    const viewerId = sessionUserId(ctx);
    battlePolicy.authorize('watch', viewerId === undefined ? undefined : { id: viewerId }, row);
    return await toBattle(app.db, row, app.clock.now());
  });

  /** Recomputes a completed battle from its revealed seeds with the published rule (the server's own check); public. */
  handle(router, battlesApi.verify, async ({ ctx, params }) => {
    const row = await completedBattle(app, ctx, params().id, 'verified yet');
    return await verifyBattle({
      ...rollInput(row),
      seedHash: row.seedHash,
      rounds: row.rounds,
      challengerRoll: row.challengerRoll,
      defenderRoll: row.defenderRoll,
      winner: row.winnerId === row.challengerId ? 'challenger' : 'defender',
    });
  });

  /** What anyone needs to recompute a completed battle by hand (the web app's verify page); public. */
  handle(router, battlesApi.reveal, async ({ ctx, params }) => {
    const row = await completedBattle(app, ctx, params().id, 'revealed yet');
    return await toBattleReveal(app.db, row);
  });

  handle(router, battlesApi.accept, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const { defenderPogId, defenderSeed } = body();
    return await acceptBattle(app.db, id, user.id, defenderPogId, app.clock.now(), { defenderSeed });
  });

  handle(router, battlesApi.decline, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    return await declineBattle(app.db, id, user.id, app.clock.now());
  });

  handle(router, battlesApi.cancel, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    return await cancelBattle(app.db, id, user.id, app.clock.now());
  });

  /**
   * A completed battle answers with its stored result: same rolls, one transfer. The resolver
   * (completeBattles) is the one place that refuses: an unknown battle (404), an outsider (403), a
   * battle that is not accepted (409, with the battle as it is).
   */
  handle(router, battlesApi.complete, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    return await completeBattle(app, id, user.id);
  });

  return router;
}
