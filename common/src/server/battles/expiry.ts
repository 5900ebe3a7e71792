/**
 * The scheduled sweep (decisions.md, Battles): a pending battle nobody answered expires after 24
 * hours; an accepted battle nobody completed is completed by the system after 24 hours. Every
 * change is a conditional update under row locks, so a sweep racing a player's click, or another
 * sweep, changes each battle once.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { battles } from '../db/schema';
import { notify } from '../notifications/repository';
import { PendingEvents } from '../realtime';
import { BATTLE_LINK } from './commands';
import { toBattles } from './repository';
import { COMPLETION_GROUP_LIMIT, completeBattles } from './resolve';

/** Battles one sweep handles of each kind; the next sweep takes the rest. */
export const SWEEP_BATCH = 200;

export interface SweepResult {
  expired: number;
  completed: number;
  /** The winners of the battles the system completed (their achievements need a check). */
  winnerIds: number[];
}

/** `committed` receives each transaction's events once it has committed, to publish them. */
export async function sweepBattles(db: Db, now: Date, committed: (events: PendingEvents) => void): Promise<SweepResult> {
  const expired = await expirePending(db, now, committed);
  let completed = 0;
  const winnerIds: number[] = [];
  const overdue = await db
    .select({ id: battles.id })
    .from(battles)
    .where(and(eq(battles.status, 'accepted'), lte(battles.expiresAt, now)))
    .orderBy(asc(battles.expiresAt))
    .limit(SWEEP_BATCH);
  for (let start = 0; start < overdue.length; start += COMPLETION_GROUP_LIMIT) {
    const group = overdue.slice(start, start + COMPLETION_GROUP_LIMIT).map(({ id }) => ({ battleId: id, actorId: null }));
    const { results, events } = await completeBattles(db, group, now);
    committed(events);
    for (const result of results) {
      if (!result.ok || result.value.status !== 'completed') continue;
      completed++;
      if (result.value.battle.winnerId !== null) winnerIds.push(result.value.battle.winnerId);
    }
  }
  return { expired, completed, winnerIds };
}

async function expirePending(db: Db, now: Date, committed: (events: PendingEvents) => void): Promise<number> {
  const events = new PendingEvents();
  const count = await db.transaction(async (tx) => {
    const due = tx
      .select({ id: battles.id })
      .from(battles)
      .where(and(eq(battles.status, 'pending'), lte(battles.expiresAt, now)))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(battles)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(battles.id, due), eq(battles.status, 'pending')))
      .returning();
    for (const battle of await toBattles(tx, rows, now)) {
      for (const userId of [battle.challengerId, battle.defenderId]) {
        events.toUser(userId, 'battle:updated', battle);
        await notify(tx, events, {
          userId,
          kind: 'battle.expired',
          title: 'Challenge expired',
          body:
            userId === battle.challengerId
              ? `Your challenge to ${battle.defender.username} expired: it was not answered within a day.`
              : `The challenge from ${battle.challenger.username} expired: it was not answered within a day.`,
          link: BATTLE_LINK,
        });
      }
    }
    return rows.length;
  });
  committed(events);
  return count;
}
