/**
 * A moderator's decision on a reported POG answers its reports: each report still open is marked
 * answered (`resolved_at`) and its reporter notified, in the decision's own unit of work, so a
 * reporter is told exactly once per report (a later decision on the same POG tells only those who
 * reported it since). Approve, reject and delete each say what became of the POG.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import { pogLink } from '@pog/common/notifications/links';
import type { PogRow } from '../db/schema';
import { pogReports } from '../db/schema';
import { insertNotifications } from '../notifications/repository';
import type { UnitOfWork } from '../outbox/unit-of-work';

export type ReportOutcome = 'approved' | 'rejected' | 'deleted';

const OUTCOME_TEXT: Record<ReportOutcome, (name: string) => string> = {
  approved: (name) => `A moderator reviewed ${name} and approved it: it stays in the game. Thank you for your report.`,
  rejected: (name) => `A moderator reviewed ${name} and rejected it: it is hidden from Explore and can no longer be traded or battled. Thank you for your report.`,
  deleted: (name) => `A moderator removed ${name} from the game. Thank you for your report.`,
};

/** The title and body a reporter reads when a decision answers their report. */
export function reportAnswerText(name: string, outcome: ReportOutcome): { title: string; body: string } {
  return { title: `Your report of ${name} was reviewed`, body: OUTCOME_TEXT[outcome](name) };
}

/**
 * Answers the open reports of the POGs decided on with `outcome` and notifies their reporters (one
 * notification per report, linking to its POG); returns how many were told. Call it before the POGs
 * are deleted: their reports go with them.
 */
export async function answerReports(uow: UnitOfWork, decided: Pick<PogRow, 'id' | 'name'>[], outcome: ReportOutcome): Promise<number> {
  if (decided.length === 0) return 0;
  const { tx, now } = uow;
  const answered = await tx
    .update(pogReports)
    .set({ resolvedAt: now })
    .where(and(inArray(pogReports.pogId, decided.map((pog) => pog.id)), isNull(pogReports.resolvedAt)))
    .returning({ id: pogReports.id, pogId: pogReports.pogId, userId: pogReports.userId });
  if (answered.length === 0) return 0;
  const names = new Map(decided.map((pog) => [pog.id, pog.name]));
  const stored = await insertNotifications(
    tx,
    answered
      .sort((a, b) => a.id - b.id)
      .map((report) => ({
        userId: report.userId,
        kind: 'report.resolved',
        ...reportAnswerText(names.get(report.pogId) ?? 'the POG', outcome),
        link: pogLink(report.pogId),
        dedupeKey: `report-answered:${report.id}`,
      })),
  );
  for (const notification of stored) uow.toUser(notification.userId, 'notification', notification);
  return stored.length;
}
