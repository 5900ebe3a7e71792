/**
 * A player reports a POG (once per POG). A report flags the POG for review, unless a moderator has
 * already decided on it: an approved POG stays approved and a rejected one is already out of sight,
 * but the report is still kept and the admins still hear of it.
 */
import { and, eq } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '@pog/common/errors';
import { pogLink } from '@pog/common/notifications/links';
import type { Db } from '../db/client';
import { pogReports, pogs } from '../db/schema';
import { insertNotification } from '../notifications/repository';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { recordModeration } from '../provenance/moderation';
import { recordAudit } from './audit';
import { recordFlag, REPORT_REASON } from './flags';
import { lockActor } from './player-locks';
import { moderationPolicy } from './policy';
import { MISSING_POG } from '../pogs/policy';
import { findPog, toPogWithNotes, type PogWithNames } from '../pogs/repository';
import type { PogId, UserId } from '@pog/common/schemas/ids';

export const ALREADY_REPORTED = 'You have already reported this POG. A moderator will review it.';

export async function reportPog(db: Db, input: { pogId: PogId; userId: UserId; reason: string }, now: Date): Promise<PogWithNames> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // The reporter's row first (the lock order: players, then POGs): a ban overtaking the report is seen.
    const reporter = (await lockActor(tx, input.userId)).get(input.userId)!;
    const rows = await tx.select().from(pogs).where(eq(pogs.id, input.pogId)).for('update');
    const current = rows[0];
    if (!current) throw new NotFoundError(MISSING_POG);
    moderationPolicy.authorize('report', { id: input.userId }, current);

    const inserted = await tx
      .insert(pogReports)
      .values({ pogId: input.pogId, userId: input.userId, reason: input.reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: pogReports.id });
    if (!inserted[0]) throw new ConflictError(ALREADY_REPORTED);

    const flagsNow = !current.isFlagged && current.moderationStatus === 'none';
    if (flagsNow) {
      await tx
        .update(pogs)
        .set({ isFlagged: true, flagCause: REPORT_REASON.cause, flagWord: null, flagRepeatsPogId: null })
        .where(and(eq(pogs.id, input.pogId), eq(pogs.moderationStatus, 'none')));
    }
    // The audit log keeps every report, and says when one flagged the POG (the reporter flagged it).
    const actor = { kind: 'player', userId: input.userId, name: reporter.username } as const;
    await recordAudit(tx, { actor, action: 'reported', target: { type: 'pog', id: input.pogId }, targetName: current.name, notes: input.reason }, now);
    if (flagsNow) await recordFlag(uow, current, REPORT_REASON, actor, input.reason);
    const found = (await findPog(tx, input.pogId))!;
    const pog = toPogWithNotes(found, now);
    if (flagsNow) {
      const notification = await insertNotification(tx, {
        userId: current.userId,
        kind: 'pog.flagged',
        title: `${current.name} was flagged for review`,
        body: 'A player reported your POG. A moderator will review it; it stays visible meanwhile.',
        link: pogLink(input.pogId),
        dedupeKey: `pog-reported:${input.pogId}`,
      });
      if (notification) {
        uow.toUser(current.userId, 'notification', notification);
        await recordModeration(uow, current, 'flagged', 'report');
      }
      uow.toUser(current.userId, 'pog:updated', pog);
    }
    uow.toAdmins('moderation:queue', { action: 'reported', pog });
    return found;
  });
}
