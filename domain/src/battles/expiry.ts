/**
 * The scheduled sweep (decisions.md, Battles): a pending battle nobody answered expires after 24
 * hours; an accepted battle nobody completed is completed by the system after 24 hours. Every
 * change is a conditional update under row locks, so a sweep racing a player's click, or another
 * sweep, changes each battle once. Each step is a unit of work (its events commit with it).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { battles } from '../db/schema';
import { notify } from '../notifications/repository';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { battleLink } from '@pog/common/notifications/links';
import { toBattles } from './repository';
import { COMPLETION_GROUP_LIMIT, completeBattles } from './resolve';

/** Battles one sweep handles of each kind; the next sweep takes the rest. */
export const SWEEP_BATCH = 200;

export interface SweepResult {
  expired: number;
  completed: number;
}

export async function sweepBattles(db: Db, now: Date): Promise<SweepResult> {
  const expired = await expirePending(db, now);
  let completed = 0;
  const overdue = await db
    .select({ id: battles.id })
    .from(battles)
    .where(and(eq(battles.status, 'accepted'), lte(battles.expiresAt, now)))
    .orderBy(asc(battles.expiresAt))
    .limit(SWEEP_BATCH);
  for (let start = 0; start < overdue.length; start += COMPLETION_GROUP_LIMIT) {
    const group = overdue.slice(start, start + COMPLETION_GROUP_LIMIT).map(({ id }) => ({ battleId: id, actorId: null }));
    for (const result of await completeBattles(db, group, now)) if (result.ok && result.value.status === 'completed') completed++;
  }
  return { expired, completed };
}

async function expirePending(db: Db, now: Date): Promise<number> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
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
        uow.toUser(userId, 'battle:updated', battle);
        await notify(uow, {
          userId,
          kind: 'battle.expired',
          title: 'Challenge expired',
          body:
            userId === battle.challengerId
              ? `Your challenge to ${battle.defender.username} expired: it was not answered within a day.`
              : `The challenge from ${battle.challenger.username} expired: it was not answered within a day.`,
          link: battleLink(battle.id),
        });
      }
    }
    return rows.length;
  });
}
