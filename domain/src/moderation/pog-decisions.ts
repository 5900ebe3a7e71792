/**
 * What an admin's decision on POGs does, for one POG or a batch alike: one code path, so a bulk
 * action tells owners and reporters (report-answers.ts), writes history and audit lines and sends
 * events exactly as the one-POG actions do. The caller holds the POGs' rows FOR UPDATE (`lockPogs`: ascending id) and passes
 * them as they were locked, in id order.
 */
import { inArray } from 'drizzle-orm';
import type { ModerationAction } from '@pog/common/events';
import { pogLink } from '@pog/common/notifications/links';
import type { Notification } from '@pog/common/schemas/notifications';
import type { PogId } from '@pog/common/schemas/ids';
import { deletePogs, releaseCommitments } from '../commitments';
import { pogs, type PogRow } from '../db/schema';
import { insertNotifications, type NewNotification } from '../notifications/repository';
import type { UnitOfWork } from '../outbox/unit-of-work';
import { findPogs, toPogWithNotes, type PogWithNames } from '../pogs/repository';
import { recordModerations } from '../provenance/moderation';
import { recordAudits, type AuditActorInput } from './audit';
import { answerReports } from './report-answers';

export type PogVerdict = 'approved' | 'rejected';

const withNotes = (sentence: string, notes: string | null) => (notes ? `${sentence} Moderator's note: ${notes}` : sentence);

function verdictNotice(pog: PogRow, verdict: PogVerdict, notes: string | null): NewNotification {
  return verdict === 'approved'
    ? {
        userId: pog.userId,
        kind: 'pog.approved',
        title: `${pog.name} was approved`,
        body: withNotes('A moderator reviewed your POG and approved it.', notes),
        link: pogLink(pog.id),
      }
    : {
        userId: pog.userId,
        kind: 'pog.rejected',
        title: `${pog.name} was rejected`,
        body: withNotes('A moderator rejected your POG. It is hidden from Explore and can no longer be traded or battled.', notes),
        link: pogLink(pog.id),
      };
}

/**
 * The live side: each owner's notification, then per POG the owner's new POG and the admins' queue
 * (notes included: both may read them). A deleted POG has no state left to show its owner: the
 * notification tells them, and their lists refetch.
 */
function announce(uow: UnitOfWork, notifications: Notification[], found: PogWithNames[], action: ModerationAction): void {
  for (const notification of notifications) uow.toUser(notification.userId, 'notification', notification);
  for (const each of found) {
    const pog = toPogWithNotes(each, uow.now);
    if (action !== 'deleted') uow.toUser(each.pog.userId, 'pog:updated', pog);
    uow.toAdmins('moderation:queue', { action, pog });
  }
}

/** Approves or rejects the locked POGs; returns them as they are now, in id order. */
export async function applyVerdict(uow: UnitOfWork, locked: PogRow[], verdict: PogVerdict, notes: string | null, actor: AuditActorInput): Promise<PogWithNames[]> {
  const { tx, now } = uow;
  const ids = locked.map((pog) => pog.id);
  const approved = verdict === 'approved';
  await tx
    .update(pogs)
    // Reviewed: hiding by reports ends (approved shows it again; rejected hides it as rejected).
    .set({ isApproved: approved, isFlagged: !approved, moderationStatus: verdict, moderationNotes: notes, lastModeratedAt: now, hiddenByReports: false })
    .where(inArray(pogs.id, ids));
  // A rejected POG can no longer be traded or battled: its open offers and challenges end now.
  const newlyRejected = approved ? [] : locked.filter((pog) => pog.moderationStatus !== 'rejected').map((pog) => pog.id);
  if (newlyRejected.length > 0) await releaseCommitments(uow, { pogIds: newlyRejected }, 'rejected');
  await recordAudits(tx, actor, locked.map((pog) => ({ action: verdict, target: { type: 'pog', id: pog.id }, targetName: pog.name, notes })), now);
  const notifications = await insertNotifications(tx, locked.map((pog) => verdictNotice(pog, verdict, notes)));
  // The history row goes beside the notification its owner was told.
  const told = new Set(notifications.map((notification) => notification.link));
  await recordModerations(uow, locked.filter((pog) => told.has(pogLink(pog.id))), verdict, 'moderator');
  await answerReports(uow, locked, verdict);
  const found = await inIdOrder(uow, ids);
  announce(uow, notifications, found, verdict);
  return found;
}

/**
 * Deletes the locked POGs, their open trades and battles, accepted ones included, ending first;
 * returns what they were, in id order. `notes` go to the audit log alone.
 */
export async function applyDeletion(uow: UnitOfWork, locked: PogRow[], notes: string | null, actor: AuditActorInput): Promise<PogWithNames[]> {
  const { tx, now } = uow;
  const ids = locked.map((pog) => pog.id);
  const snapshots = await inIdOrder(uow, ids);
  // Before the delete, which takes the reports with it.
  await answerReports(uow, locked, 'deleted');
  await deletePogs(uow, ids);
  await recordAudits(tx, actor, snapshots.map(({ pog }) => ({ action: 'deleted', target: { type: 'pog', id: pog.id }, targetName: pog.name, notes })), now);
  const notifications = await insertNotifications(
    tx,
    snapshots.map(({ pog }) => ({
      userId: pog.userId,
      kind: 'pog.deleted',
      title: `${pog.name} was removed`,
      body: 'A moderator removed your POG from the game.',
      link: '/collection',
    })),
  );
  announce(uow, notifications, snapshots, 'deleted');
  return snapshots;
}

async function inIdOrder(uow: UnitOfWork, ids: PogId[]): Promise<PogWithNames[]> {
  const found = await findPogs(uow.tx, ids);
  return ids.flatMap((id) => found.get(id) ?? []);
}
