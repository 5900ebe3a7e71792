/**
 * Battles' part in releasing commitments (../commitments.ts): a POG that moved or was rejected ends
 * every PENDING battle it was part of; a POG being deleted, or a banned player, ends their pending
 * AND accepted battles (nothing moves: each POG stays with its owner). Otherwise accepted battles keep
 * their POGs locked: other domains ask `pogsInAcceptedBattles` and refuse to move those POGs.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_BATTLE_STATUSES } from '@pog/common/battles/api';
import { RELEASE_REASON_TEXT, type Canceller, type Detacher } from '../release-reasons';
import type { Db, Tx } from '../db/client';
import { battles } from '../db/schema';
import { notify } from '../notifications/repository';
import { battleLink } from '@pog/common/notifications/links';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { toBattles } from './repository';
import type { PogId } from '@pog/common/schemas/ids';

/** Both POG columns, with the references to these POGs cleared (the rest kept as they are). */
function detachedColumns(pogIds: PogId[]) {
  return {
    challengerPogId: sql<number | null>`CASE WHEN ${inArray(battles.challengerPogId, pogIds)} THEN NULL ELSE ${battles.challengerPogId} END`,
    defenderPogId: sql<number | null>`CASE WHEN ${inArray(battles.defenderPogId, pogIds)} THEN NULL ELSE ${battles.defenderPogId} END`,
  };
}

const referencing = (pogIds: PogId[]) => or(inArray(battles.challengerPogId, pogIds), inArray(battles.defenderPogId, pogIds))!;
/** The ids of these battles, locked in ascending id order (the lock order), for an UPDATE ... WHERE id IN. */
const inIdOrder = (tx: Tx, where: SQL | undefined) => tx.select({ id: battles.id }).from(battles).where(where).orderBy(asc(battles.id)).for('update');
const pending = eq(battles.status, 'pending');
const open = inArray(battles.status, [...OPEN_BATTLE_STATUSES]);

export const cancelBattlesFor: Canceller = async (uow, scope, reason) => {
  const { tx, now } = uow;
  const which: SQL[] = [];
  if (scope.pogIds?.length) which.push(and(scope.detach ? open : pending, referencing(scope.pogIds))!);
  if (scope.userId !== undefined) which.push(and(open, or(eq(battles.challengerId, scope.userId), eq(battles.defenderId, scope.userId)))!);
  if (which.length === 0) return;
  const cancelled = await tx
    .update(battles)
    .set({ status: 'cancelled', updatedAt: now, ...(scope.detach && scope.pogIds?.length ? detachedColumns(scope.pogIds) : {}) })
    .where(and(inArray(battles.id, inIdOrder(tx, or(...which))), or(...which)))
    .returning();
  for (const battle of await toBattles(tx, cancelled, now)) {
    const what = battle.acceptedAt ? 'An accepted battle' : 'A battle challenge';
    for (const userId of [battle.challengerId, battle.defenderId]) {
      uow.toUser(userId, 'battle:updated', battle);
      // Both players are told (decisions.md, Trades: "the players involved are told"), except a
      // banned one, whose sessions are ending anyway.
      if (userId === scope.userId) continue;
      await notify(uow, {
        userId,
        kind: 'battle.cancelled',
        title: 'Battle cancelled',
        body: `${what} was cancelled because ${RELEASE_REASON_TEXT[reason]}.`,
        link: battleLink(battle.id),
      });
    }
  }
};

/** Finished battles keep their history without the deleted POGs. */
export const detachBattlesFrom: Detacher = async (tx, pogIds) => {
  await tx.update(battles).set(detachedColumns(pogIds)).where(inArray(battles.id, inIdOrder(tx, referencing(pogIds))));
};

/**
 * Which of the POGs `ids` (an int[] expression) are risked in an ACCEPTED battle, as one int[]
 * column "ids" (empty when none): a query of its own (`pogsInAcceptedBattles`) or part of a
 * caller's statement (a trade offer's insert, an accept's swap).
 */
export const riskedInBattleQuery = (ids: string): string =>
  `SELECT ARRAY(
    SELECT DISTINCT r.id FROM battles b CROSS JOIN LATERAL unnest(ARRAY[b.challenger_pog_id, b.defender_pog_id]) AS r(id)
    WHERE b.status = 'accepted' AND (b.challenger_pog_id = ANY(${ids}) OR b.defender_pog_id = ANY(${ids})) AND r.id = ANY(${ids})
  ) AS ids`;

const RISKED_IN_BATTLE: RawStatement = { name: 'battles_risked_accepted', text: riskedInBattleQuery('$1::int[]') };

/** Which of these POGs are risked in an ACCEPTED battle: they must not move until it is completed. */
export async function pogsInAcceptedBattles(tx: Db | Tx, pogIds: PogId[]): Promise<PogId[]> {
  if (pogIds.length === 0) return [];
  const [row] = await rawQuery<{ ids: PogId[] }>(tx, RISKED_IN_BATTLE, [pogIds]);
  return row!.ids.map((id) => Number(id) as PogId);
}
