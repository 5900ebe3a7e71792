/**
 * An admin's decisions on a POG: approve, reject, delete (the product spec (states), decisions "Moderation").
 * Each is one unit of work under a lock on the POG's row: the change, the audit line, the owner's
 * notification, the reporters' (report-answers.ts) and the events commit together.
 */
import { eq } from 'drizzle-orm';
import type { ModerationAction } from '@pog/common/events';
import { NotFoundError } from '@pog/common/errors';
import { pogLink } from '@pog/common/notifications/links';
import type { Notification } from '@pog/common/schemas/notifications';
import { deletePogs, releaseCommitments } from '../commitments';
import type { Db, Tx } from '../db/client';
import { pogs, type PogRow } from '../db/schema';
import { insertNotification } from '../notifications/repository';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { findPog, toPogWithNotes, type PogWithNames } from '../pogs/repository';
import { recordModeration } from '../provenance/moderation';
import { adminActor, recordAudit } from './audit';
import { assertNotModeratedSince } from './conflicts';
import { answerReports } from './report-answers';
import { moderationPolicy } from './policy';
import type { AdminSessionId, PogId, UserId } from '@pog/common/schemas/ids';

export const POG_GONE = 'That POG no longer exists (it may have been deleted meanwhile).';

export interface PogDecision {
  pogId: PogId;
  decision: 'approved' | 'rejected';
  notes: string | null;
  /** See `assertNotModeratedSince`. */
  expectedLastModeratedAt?: string | null | undefined;
  adminSessionId: AdminSessionId;
  /** The player signed in beside the admin session; the audit log names them if their role is admin. */
  adminPlayerId?: UserId | undefined;
}

async function lockPog(tx: Tx, pogId: PogId): Promise<PogRow> {
  const rows = await tx.select().from(pogs).where(eq(pogs.id, pogId)).for('update');
  if (!rows[0]) throw new NotFoundError(POG_GONE);
  return rows[0];
}

/** The live side of a decision: the owner's notification and POG, and the admins' queue (notes included: both may read them). */
function announce(uow: UnitOfWork, found: PogWithNames, action: ModerationAction, notification: Notification | null) {
  const pog = toPogWithNotes(found, uow.now);
  if (notification) uow.toUser(found.pog.userId, 'notification', notification);
  // A deleted POG has no state left to show: the notification tells the owner, whose lists refetch.
  if (action !== 'deleted') uow.toUser(found.pog.userId, 'pog:updated', pog);
  uow.toAdmins('moderation:queue', { action, pog });
}

const withNotes = (sentence: string, notes: string | null) => (notes ? `${sentence} Moderator's note: ${notes}` : sentence);

export async function moderatePog(db: Db, input: PogDecision, now: Date): Promise<PogWithNames> {
  moderationPolicy.authorize('moderate', input, null);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const current = await lockPog(tx, input.pogId);
    assertNotModeratedSince(current.lastModeratedAt, input.expectedLastModeratedAt, 'POG');
    const approved = input.decision === 'approved';
    await tx
      .update(pogs)
      .set({
        isApproved: approved,
        isFlagged: !approved,
        moderationStatus: input.decision,
        moderationNotes: input.notes,
        lastModeratedAt: now,
        // Reviewed: hiding by reports ends (approved shows it again; rejected hides it as rejected).
        hiddenByReports: false,
      })
      .where(eq(pogs.id, input.pogId));
    // A rejected POG can no longer be traded or battled: its open offers and challenges end now.
    if (!approved && current.moderationStatus !== 'rejected') {
      await releaseCommitments(uow, { pogIds: [input.pogId] }, 'rejected');
    }
    await recordAudit(tx, { actor: adminActor(input), action: input.decision, target: { type: 'pog', id: input.pogId }, targetName: current.name, notes: input.notes }, now);
    const notification = await insertNotification(
      tx,
      approved
        ? {
            userId: current.userId,
            kind: 'pog.approved',
            title: `${current.name} was approved`,
            body: withNotes('A moderator reviewed your POG and approved it.', input.notes),
            link: pogLink(input.pogId),
          }
        : {
            userId: current.userId,
            kind: 'pog.rejected',
            title: `${current.name} was rejected`,
            body: withNotes('A moderator rejected your POG. It is hidden from Explore and can no longer be traded or battled.', input.notes),
            link: pogLink(input.pogId),
          },
    );
    if (notification) await recordModeration(uow, current, input.decision, 'moderator');
    await answerReports(uow, current, input.decision);
    const found = (await findPog(tx, input.pogId))!;
    announce(uow, found, input.decision, notification);
    return found;
  });
}

/** Deletes any player's POG; returns what it was. Its open trades and battles, accepted ones included, end first. */
export async function deletePogAsAdmin(
  db: Db,
  input: { pogId: PogId; adminSessionId: AdminSessionId; adminPlayerId?: UserId | undefined },
  now: Date,
): Promise<PogWithNames> {
  moderationPolicy.authorize('moderate', input, null);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    await lockPog(tx, input.pogId);
    const snapshot = (await findPog(tx, input.pogId))!;
    // Before the delete, which takes the reports with it.
    await answerReports(uow, snapshot.pog, 'deleted');
    await deletePogs(uow, [input.pogId]);
    await recordAudit(tx, { actor: adminActor(input), action: 'deleted', target: { type: 'pog', id: input.pogId }, targetName: snapshot.pog.name, notes: null }, now);
    const notification = await insertNotification(tx, {
      userId: snapshot.pog.userId,
      kind: 'pog.deleted',
      title: `${snapshot.pog.name} was removed`,
      body: 'A moderator removed your POG from the game.',
      link: '/collection',
    });
    announce(uow, snapshot, 'deleted', notification);
    return snapshot;
  });
}
