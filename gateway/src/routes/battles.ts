/** Battles: challenge, answer, cancel, complete, and the Battle Arena's lists (spec sections 2, 4, 6, 7; issue 5). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { acceptBattleRequestSchema, AppError, createBattleRequestSchema, idParamSchema, NotFoundError, userIdParamSchema, verifyBattle, type Battle } from '@pog/common';
import {
  acceptBattle,
  cancelBattle,
  closedBattlesOf,
  completeBattles,
  createBattle,
  declineBattle,
  findBattleRow,
  MISSING_BATTLE,
  openBattlesOf,
  toBattle,
  toBattles,
  wrongState,
} from '@pog/common/server';
import { assertSelf, requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseBody, parseParams } from '../http/validate';

/** How long a complete waits for the worker before settling the battle itself. */
const RESOLVE_WAIT_MS = 1_000;

export function battleRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/battles' });

  /** The battle of the `:id` param (or 404), and whether this user is one of its two players. */
  async function battleRow(ctx: Context, userId: number) {
    const { id } = parseParams(ctx, idParamSchema);
    const row = await findBattleRow(app.db, id);
    if (!row) throw new NotFoundError(MISSING_BATTLE);
    const participant = row.challengerId === userId || row.defenderId === userId;
    return { row, participant };
  }

  router.post('/', async (ctx) => {
    const user = await requireUser(app, ctx);
    const input = parseBody(ctx, createBattleRequestSchema);
    assertSelf(user, input.challengerId, 'challenger');
    ctx.status = 201;
    ctx.body = await createBattle(app.db, input, app.clock.now());
  });

  router.get('/pending/:userId', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { userId } = parseParams(ctx, userIdParamSchema);
    assertSelf(user, userId);
    ctx.body = await toBattles(app.db, await openBattlesOf(app.db, userId), app.clock.now());
  });

  /** Your whole history; another player's completed battles only (their public record). */
  router.get('/history/:userId', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { userId } = parseParams(ctx, userIdParamSchema);
    ctx.body = await toBattles(app.db, await closedBattlesOf(app.db, userId, userId !== user.id), app.clock.now());
  });

  router.get('/:id', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { row, participant } = await battleRow(ctx, user.id);
    // An open or called-off battle is between the two players; a completed one is public record.
    if (!participant && row.status !== 'completed') throw new NotFoundError(MISSING_BATTLE);
    ctx.body = await toBattle(app.db, row, app.clock.now());
  });

  /** Recomputes a completed battle from its revealed seed with the published rule (the server's own check). */
  router.get('/:id/verify', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { row, participant } = await battleRow(ctx, user.id);
    if (!participant && row.status !== 'completed') throw new NotFoundError(MISSING_BATTLE);
    if (row.status !== 'completed') throw await wrongState(app.db, row, 'verified yet', app.clock.now());
    ctx.body = await verifyBattle({
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

  router.post('/:id/accept', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    const { defenderPogId } = parseBody(ctx, acceptBattleRequestSchema);
    ctx.body = await acceptBattle(app.db, id, user.id, defenderPogId, app.clock.now());
  });

  router.post('/:id/decline', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    ctx.body = await declineBattle(app.db, id, user.id, app.clock.now());
  });

  router.post('/:id/cancel', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    ctx.body = await cancelBattle(app.db, id, user.id, app.clock.now());
  });

  /**
   * Completes a battle through the worker's `battle.resolve` (jobId = battle id, so completes from
   * both players at once share one job). When the queue fails us (Redis away, the job lost with it,
   * or no worker answering within RESOLVE_WAIT_MS, e.g. one still reconnecting) the battle is settled
   * here instead: completion is idempotent, so a battle the worker did settle is answered as stored,
   * and one it did not is settled once. Never a 5xx after a commit, and no long wait.
   */
  async function complete(battleId: number, actorId: number): Promise<Battle> {
    try {
      return (await app.queue.run('battle.resolve', { battleId, actorId }, { jobId: String(battleId), timeoutMs: RESOLVE_WAIT_MS })).battle;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw error;
      const [result] = await completeBattles(app.db, [{ battleId, actorId }], app.clock.now());
      if (!result!.ok) throw result!.error;
      return result!.value.battle;
    }
  }

  /**
   * A completed battle answers with its stored result: same rolls, one transfer. The resolver
   * (completeBattles) is the one place that refuses: an unknown battle (404), an outsider (403), a
   * battle that is not accepted (409, with the battle as it is).
   */
  router.post('/:id/complete', async (ctx) => {
    const user = await requireUser(app, ctx);
    const { id } = parseParams(ctx, idParamSchema);
    ctx.body = await complete(id, user.id);
  });

  return router;
}
