/**
 * Completing an accepted battle: the rolls (common/src/battles/rolls.ts, derived from the committed
 * seed), the transfer of the loser's POG to the winner, the completion and the notifications are one
 * transaction. Idempotent: the rolls depend only on the seed, the id and the rarities fixed at
 * acceptance, and a completed battle is returned as stored, so a retried job or a second complete
 * gives the same single result and a single transfer.
 */
import { and, eq } from 'drizzle-orm';
import type { Battle } from '../../battles/api';
import { resolveBattle } from '../../battles/rolls';
import type { BattleResolution } from '../../battles/schemas';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { releaseCommitments } from '../commitments';
import type { Db, Tx } from '../db/client';
import { battles, pogs, type BattleRow } from '../db/schema';
import { notify } from '../notifications/repository';
import { PendingEvents } from '../realtime';
import { BATTLE_LINK, MISSING_BATTLE, lockPogs, wrongState } from './commands';
import { findBattleRow, lockBattleRow, toBattle } from './repository';

export interface CompletionOutcome {
  status: 'completed' | 'already-completed';
  battle: Battle;
  /** Empty when the battle was already completed: its events went out the first time. */
  events: PendingEvents;
}

export interface CompletionHooks {
  /** Runs inside the transaction just before it commits (crash tests stop a worker here). */
  beforeCommit?: () => Promise<void>;
}

/** Completes the battle for `actorId` (a participant), or for the system when `actorId` is null. */
export async function completeBattle(db: Db, battleId: number, actorId: number | null, now: Date, hooks: CompletionHooks = {}): Promise<CompletionOutcome> {
  const peek = await findBattleRow(db, battleId);
  if (!peek) throw new NotFoundError(MISSING_BATTLE);
  if (actorId !== null && actorId !== peek.challengerId && actorId !== peek.defenderId) {
    throw new ForbiddenError('Only the two players can complete this battle.');
  }
  if (peek.status === 'completed') return { status: 'already-completed', battle: await toBattle(db, peek, now), events: new PendingEvents() };
  if (peek.status !== 'accepted') throw await wrongState(db, peek, 'completed', now);

  // Seed, id, type and rarities are fixed once accepted, so the rolls can be drawn before locking.
  const resolution = await resolveBattle({
    seed: peek.seed,
    battleId: peek.id,
    battleType: peek.battleType,
    challengerRarity: peek.challengerRarity!,
    defenderRarity: peek.defenderRarity!,
  });

  const events = new PendingEvents();
  const outcome = await db.transaction(async (tx): Promise<CompletionOutcome> => {
    await lockPogs(tx, [peek.challengerPogId, peek.defenderPogId]);
    const row = (await lockBattleRow(tx, battleId))!;
    if (row.status === 'completed') return { status: 'already-completed', battle: await toBattle(tx, row, now), events: new PendingEvents() };
    if (row.status !== 'accepted') throw await wrongState(tx, row, 'completed', now);
    const battle = await settle(tx, row, resolution, actorId, events, now);
    await hooks.beforeCommit?.();
    return { status: 'completed', battle, events };
  });
  return outcome;
}

async function settle(tx: Tx, row: BattleRow, resolution: BattleResolution, actorId: number | null, events: PendingEvents, now: Date): Promise<Battle> {
  const challengerWon = resolution.winner === 'challenger';
  const winnerId = challengerWon ? row.challengerId : row.defenderId;
  const loserId = challengerWon ? row.defenderId : row.challengerId;
  const loserPogId = challengerWon ? row.defenderPogId : row.challengerPogId;

  // Conditional on the loser still holding it: no POG is ever moved from someone else or twice.
  const moved =
    loserPogId === null
      ? []
      : await tx
          .update(pogs)
          .set({ userId: winnerId, updatedAt: now })
          .where(and(eq(pogs.id, loserPogId), eq(pogs.userId, loserId)))
          .returning({ id: pogs.id });
  const [completedRow] = await tx
    .update(battles)
    .set({
      status: 'completed',
      rounds: resolution.rounds,
      challengerRoll: resolution.challengerRoll,
      defenderRoll: resolution.defenderRoll,
      winnerId,
      completedAt: now,
      updatedAt: now,
    })
    .where(and(eq(battles.id, row.id), eq(battles.status, 'accepted')))
    .returning();
  if (!completedRow) throw new ConflictError('This battle was completed by someone else at the same moment. Please refresh.');
  if (moved[0]) await releaseCommitments(tx, { pogIds: [moved[0].id], exceptBattleId: row.id }, 'battled', events, now);

  const battle = await toBattle(tx, completedRow, now);
  const winner = challengerWon ? battle.challenger : battle.defender;
  const loser = challengerWon ? battle.defender : battle.challenger;
  const prize = (challengerWon ? battle.defenderPog : battle.challengerPog)?.name ?? 'their POG';
  const score = `${resolution.challengerRoll} to ${resolution.defenderRoll}`;
  // The player who pressed the button sees the result on screen; the other one (or both, when the
  // system completed an abandoned battle) is told.
  for (const userId of [row.challengerId, row.defenderId]) {
    if (userId === actorId) continue;
    const won = userId === winnerId;
    await notify(tx, events, {
      userId,
      kind: 'battle.completed',
      title: won ? 'Battle won!' : 'Battle lost',
      body: won ? `You beat ${loser.username} (${score}) and won ${prize}.` : `${winner.username} beat you (${score}) and took ${prize}.`,
      link: BATTLE_LINK,
    });
  }
  events.toUser(row.challengerId, 'battle:updated', battle);
  events.toUser(row.defenderId, 'battle:updated', battle);
  // The prize as it is now (owned by the winner): the winner's collection gains it live.
  const prizePog = challengerWon ? battle.defenderPog : battle.challengerPog;
  if (moved[0] && prizePog) {
    events.toUser(winnerId, 'pog:updated', prizePog);
    events.toUser(loserId, 'pog:updated', prizePog);
  }
  return battle;
}
