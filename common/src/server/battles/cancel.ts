/**
 * Battles' part in releasing commitments (../commitments.ts): a POG that moved, went away or was
 * rejected, or a banned player, ends every PENDING battle it was part of. Accepted battles keep their
 * POGs locked instead: other domains ask `pogsInAcceptedBattles` and refuse to move those POGs.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { RELEASE_REASON_TEXT, type Canceller } from '../release-reasons';
import type { Tx } from '../db/client';
import { battles } from '../db/schema';
import { notify } from '../notifications/repository';
import { BATTLE_LINK } from './commands';
import { openBattlesRisking, toBattles } from './repository';

export const cancelBattlesFor: Canceller = async (uow, scope, reason) => {
  const { tx, now } = uow;
  const who: SQL[] = [];
  if (scope.pogIds?.length) who.push(inArray(battles.challengerPogId, scope.pogIds), inArray(battles.defenderPogId, scope.pogIds));
  if (scope.userId !== undefined) who.push(eq(battles.challengerId, scope.userId), eq(battles.defenderId, scope.userId));
  if (who.length === 0) return;
  const cancelled = await tx
    .update(battles)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(battles.status, 'pending'), or(...who)))
    .returning();
  for (const battle of await toBattles(tx, cancelled, now)) {
    for (const userId of [battle.challengerId, battle.defenderId]) {
      uow.toUser(userId, 'battle:updated', battle);
      // Both players are told (decisions.md, Trades: "the players involved are told"), except a
      // banned one, whose sessions are ending anyway.
      if (userId === scope.userId) continue;
      await notify(uow, {
        userId,
        kind: 'battle.cancelled',
        title: 'Battle cancelled',
        body: `A battle challenge was cancelled because ${RELEASE_REASON_TEXT[reason]}.`,
        link: BATTLE_LINK,
      });
    }
  }
};

/** Which of these POGs are risked in an ACCEPTED battle: they must not move until it is completed. */
export async function pogsInAcceptedBattles(tx: Tx, pogIds: number[]): Promise<number[]> {
  const wanted = new Set(pogIds);
  const rows = await openBattlesRisking(tx, pogIds, ['accepted']);
  const found = new Set<number>();
  for (const row of rows) {
    for (const pogId of [row.challengerPogId, row.defenderPogId]) if (pogId !== null && wanted.has(pogId)) found.add(pogId);
  }
  return [...found];
}
