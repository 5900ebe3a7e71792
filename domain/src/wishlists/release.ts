/**
 * What a POG's move does to the marks (commitments.ts calls it with the POGs that changed hands,
 * were rejected or are about to be deleted): its 'up for trade' mark goes, a want of it by its new
 * holder goes, and everyone concerned is told their matches may have changed.
 */
import type { PogId } from '@pog/common/schemas/ids';
import { rawQuery } from '../db/raw-query';
import type { UnitOfWork } from '../outbox/unit-of-work';
import { tellMatchesChanged } from './commands';
import { RELEASE_MARKS, type MarkChange } from './marks';

/** `released`: who the caller's own statement found concerned, having released them (marks.ts, releaseMarksQueries). */
export async function releaseMarks(uow: UnitOfWork, pogIds: PogId[], released?: MarkChange[]): Promise<void> {
  const concerned = released ?? (await rawQuery<MarkChange>(uow.tx, RELEASE_MARKS, [pogIds]));
  const byPog = new Map<PogId, MarkChange['userId'][]>();
  for (const { pogId, userId } of concerned) byPog.set(pogId, [...(byPog.get(pogId) ?? []), userId]);
  for (const [pogId, userIds] of byPog) tellMatchesChanged(uow, pogId, userIds);
}
