/** Battles: challenge, answer, cancel, complete, and the Battle Arena's lists (spec sections 2, 4, 6, 7; issue 5). */
import Router from '@koa/router';
import { AppError, battlesApi, NotFoundError, verifyBattle, type Battle } from '@pog/common';
import {
  acceptBattle, cancelBattle, closedBattlesOf, completeBattles, createBattle, declineBattle, findBattleRow, MISSING_BATTLE, openBattlesOf, toBattle, toBattles, wrongState,
} from '@pog/domain/battles';
import { assertSelf, requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

/** How long a complete waits for the worker before settling the battle itself. */
const RESOLVE_WAIT_MS = 1_000;

/** The battle of the `:id` param (or 404), and whether this user is one of its two players. */
async function battleRow(app: AppContext, id: number, userId: number) {
  const row = await findBattleRow(app.db, id);
  if (!row) throw new NotFoundError(MISSING_BATTLE);
  const participant = row.challengerId === userId || row.defenderId === userId;
  return { row, participant };
}

/**
 * Completes a battle through the worker's `battle.resolve` (jobId = battle id, so completes from
 * both players at once share one job). When the queue fails us (Redis away, the job lost with it,
 * or no worker answering within RESOLVE_WAIT_MS, e.g. one still reconnecting) the battle is settled
 * here instead: completion is idempotent, so a battle the worker did settle is answered as stored,
 * and one it did not is settled once. Never a 5xx after a commit, and no long wait.
 */
async function completeBattle(app: AppContext, battleId: number, actorId: number): Promise<Battle> {
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
    assertSelf(user, input.challengerId, 'challenger');
    return await createBattle(app.db, input, app.clock.now());
  });

  handle(router, battlesApi.pending, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { userId } = params();
    assertSelf(user, userId);
    return await toBattles(app.db, await openBattlesOf(app.db, userId), app.clock.now());
  });

  /** Your whole history; another player's completed battles only (their public record). */
  handle(router, battlesApi.history, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { userId } = params();
    return await toBattles(app.db, await closedBattlesOf(app.db, userId, userId !== user.id), app.clock.now());
  });

  handle(router, battlesApi.get, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { row, participant } = await battleRow(app, params().id, user.id);
    // An open or called-off battle is between the two players; a completed one is public record.
    if (!participant && row.status !== 'completed') throw new NotFoundError(MISSING_BATTLE);
    return await toBattle(app.db, row, app.clock.now());
  });

  /** Recomputes a completed battle from its revealed seed with the published rule (the server's own check). */
  handle(router, battlesApi.verify, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { row, participant } = await battleRow(app, params().id, user.id);
    if (!participant && row.status !== 'completed') throw new NotFoundError(MISSING_BATTLE);
    if (row.status !== 'completed') throw await wrongState(app.db, row, 'verified yet', app.clock.now());
    return await verifyBattle({
      seed: row.seed,
      seedHash: row.seedHash,
      battleId: row.id,
      battleType: row.battleType,
      challengerRarity: row.challengerRarity,
      defenderRarity: row.defenderRarity,
      rounds: row.rounds,
      challengerRoll: row.challengerRoll,
      defenderRoll: row.defenderRoll,
      winner: row.winnerId === row.challengerId ? 'challenger' : 'defender',
    });
  });

  handle(router, battlesApi.accept, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const { defenderPogId } = body();
    return await acceptBattle(app.db, id, user.id, defenderPogId, app.clock.now());
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
