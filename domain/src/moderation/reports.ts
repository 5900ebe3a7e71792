/**
 * A player reports a POG (once per POG). The report counts on the POG (`report_count`, in the same
 * unit of work) and flags it for review, unless a moderator has already decided on it: an approved
 * POG stays approved and a rejected one is already out of sight, but the report is still kept and
 * counted and the admins still hear of it. A POG awaiting a decision that `reportsToHide` players
 * have reported is hidden from everyone but its owner until a moderator decides (docs/rules.md,
 * Reports); the decision answers the reports (report-answers.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '@pog/common/errors';
import { pogLink } from '@pog/common/notifications/links';
import type { Db } from '../db/client';
import { pogReports, pogs, type PogRow } from '../db/schema';
import { insertNotification, type NewNotification } from '../notifications/repository';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { recordModeration } from '../provenance/moderation';
import { recordAudit } from './audit';
import { recordFlag, REPORT_REASON } from './flags';
import { lockActor } from './player-locks';
import { moderationPolicy } from './policy';
import { MISSING_POG } from '../pogs/policy';
import { findPog, toPogWithNotes, type PogWithNames } from '../pogs/repository';
import type { PogId, UserId } from '@pog/common/schemas/ids';

export const ALREADY_REPORTED = 'You have already reported this POG. A moderator will review it.';

export interface PogReportInput {
  pogId: PogId;
  userId: UserId;
  reason: string;
  /** How many distinct players' reports hide a POG awaiting a decision (the REPORTS_TO_HIDE setting). */
  reportsToHide: number;
}

/** What one more report does to a POG: flag it (first report of one awaiting nothing) and/or hide it (the threshold reached). */
interface ReportEffect {
  flags: boolean;
  hides: boolean;
  /** Its report count with this report. */
  reportCount: number;
}

function effectOf(current: PogRow, reportsToHide: number): ReportEffect {
  const undecided = current.moderationStatus === 'none';
  const reportCount = current.reportCount + 1;
  return {
    flags: undecided && !current.isFlagged,
    // Enough players reported it while it awaits a decision: out of others' sight until a moderator decides.
    hides: undecided && !current.hiddenByReports && reportCount >= reportsToHide,
    reportCount,
  };
}

const reporters = (count: number) => (count === 1 ? 'A player' : `${count} players`);

/** What the owner is told: hidden (which says more than flagged), else flagged, else nothing. */
function ownerNotice(current: PogRow, effect: ReportEffect): NewNotification | null {
  const common = { userId: current.userId, kind: 'pog.flagged', link: pogLink(current.id) } as const;
  if (effect.hides) {
    return {
      ...common,
      title: `${current.name} is hidden until a moderator reviews it`,
      body: `${reporters(effect.reportCount)} reported your POG. It is hidden from Explore and from other players until a moderator reviews it; you still see it.`,
      dedupeKey: `pog-hidden:${current.id}:${effect.reportCount}`,
    };
  }
  if (!effect.flags) return null;
  return {
    ...common,
    title: `${current.name} was flagged for review`,
    body: 'A player reported your POG. A moderator will review it; it stays visible meanwhile.',
    dedupeKey: `pog-reported:${current.id}`,
  };
}

/** Tells the owner (stored notification, its provenance line, the POG's new state) when the report flagged or hid it. */
async function tellOwner(uow: UnitOfWork, current: PogRow, effect: ReportEffect, found: PogWithNames): Promise<void> {
  const notice = ownerNotice(current, effect);
  if (!notice) return;
  const notification = await insertNotification(uow.tx, notice);
  if (notification) {
    uow.toUser(current.userId, 'notification', notification);
    if (effect.flags) await recordModeration(uow, current, 'flagged', 'report');
  }
  uow.toUser(current.userId, 'pog:updated', toPogWithNotes(found, uow.now));
}

export async function reportPog(db: Db, input: PogReportInput, now: Date): Promise<PogWithNames> {
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

    // The row is locked: the count and the state read above are the ones this report changes.
    const effect = effectOf(current, input.reportsToHide);
    await tx
      .update(pogs)
      .set({
        reportCount: sql`${pogs.reportCount} + 1`,
        ...(effect.flags ? { isFlagged: true, flagCause: REPORT_REASON.cause, flagWord: null, flagRepeatsPogId: null } : {}),
        ...(effect.hides ? { hiddenByReports: true } : {}),
      })
      .where(eq(pogs.id, input.pogId));
    // The audit log keeps every report, and says when one flagged the POG (the reporter flagged it).
    const actor = { kind: 'player', userId: input.userId, name: reporter.username } as const;
    await recordAudit(tx, { actor, action: 'reported', target: { type: 'pog', id: input.pogId }, targetName: current.name, notes: input.reason }, now);
    if (effect.flags) await recordFlag(uow, current, REPORT_REASON, actor, input.reason);
    const found = (await findPog(tx, input.pogId))!;
    await tellOwner(uow, current, effect, found);
    uow.toAdmins('moderation:queue', { action: 'reported', pog: toPogWithNotes(found, now) });
    return found;
  });
}
